/**
 * A save conflict of a list of records shows both versions as records (issue 32, item 9): which
 * records changed (and how), were added or removed, from the server's version to the user's.
 */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ConflictDialog } from '../../components/shared/ConflictDialog';
import { DEALER } from './records-fixtures';

const T1 = '2026-11-27T08:00:00.000Z';
const SERVER = DEALER;
/** Ours: id 12's price lowered, id 13 sold again, id 14 removed, id 15 added. */
const MINE =
  '[{"id":12,"name":"Audi A4 Avant","price":11900,"sold":false},' +
  '{"id":13,"name":"BMW 320d \\u00e9 🚗","price":80000.50,"sold":false,"note":null},' +
  '{"id":15,"name":"Seat Leon","price":8900,"sold":false}]';

function dialog(mine: string, server: string) {
  return render(
    <ConflictDialog
      option={1}
      mine={{ title: 'Cars', data: mine }}
      server={{ title: 'Cars', data: server, lastUpdated: T1 }}
      onKeepMine={() => undefined}
      onTakeServer={() => undefined}
    />,
  );
}

describe('ConflictDialog: a list of records', () => {
  it('says which records were changed, added and removed, beside both texts', async () => {
    dialog(MINE, SERVER);
    expect(
      await screen.findByText(
        'As records, from the server’s version to yours: 2 records changed, 1 added, 1 removed.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('id 12: price 12500 → 11900')).toBeTruthy();
    expect(screen.getByText('id 13: sold true → false')).toBeTruthy();
    expect(screen.getByText(/^added id 15: \{"id":15,"name":"Seat Leon"/)).toBeTruthy();
    expect(screen.getByText(/^removed id 14: \{"id":14,"name":"VW Golf"/)).toBeTruthy();
    // The texts stay, exactly as written.
    expect(screen.getByText(MINE)).toBeTruthy();
    expect(screen.getByText(SERVER)).toBeTruthy();
  });

  it('says a key typed into a record where it was absent, and one record changed in the singular', async () => {
    const mine = SERVER.replace('"sold":false}', '"sold":false,"note":"neu"}');
    dialog(mine, SERVER);
    expect(
      await screen.findByText('As records, from the server’s version to yours: 1 record changed.'),
    ).toBeTruthy();
    expect(screen.getByText('id 12: note absent → neu')).toBeTruthy();
  });

  it('shows only the texts when a version is no list of records', async () => {
    dialog('[1,2,3]', SERVER);
    dialog('plain text', 'other text');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/As records/)).toBeNull();
    expect(screen.getByText('[1,2,3]')).toBeTruthy();
  });
});
