/**
 * The request floor of each user flow in the budget ledger: the fewest requests that give the user
 * what the flow shows or writes, under the rules that stay (docs/decisions.md): every write is
 * checked by one read of its slot right before it (an earlier read never stands in for it); a
 * fresh cached answer is shown without a request; a job writes only slots that change. Each floor
 * is written out from its parts, with why each part is there.
 */

/** The landlord of the live sandbox (test/sandbox/landlord.ts): 12 buildings, premium, no factories. */
export const BUILDINGS = 12;
/** Slots per building with premium. */
export const SLOTS = 20;

/** One write-time check (a read of the slot) and one write, per slot a job changes. */
const checkAndWrite = (slots: number) => 2 * slots;

/** The building list: the popup's and the editor's picker show it. */
const BUILDING_LIST = 1;
/** The factory list (`GET /factory/list/`): the editor's picker and the backup list the factories too. */
const FACTORY_LIST = 1;
/** A building's four sections the popup shows: details, rooms, tenants, bank accounts. */
const BUILDING_SECTIONS = 4;

export const FLOORS = {
  /**
   * Empty cache: the building list, then the first building's four sections, then the factory list:
   * the one picker lists the account's factories under its buildings (asked for once the first view
   * has arrived, kept for the freshness window; the Portfolio tab, without a picker, does not ask).
   */
  popupCold: BUILDING_LIST + BUILDING_SECTIONS + FACTORY_LIST,
  /** Reopened within the freshness window: everything it shows is fresh in the cache. */
  popupWarm: 0,
  /** Another building clicked in the popup: its four sections, none read before. */
  openBuilding: BUILDING_SECTIONS,
  /** Empty cache: the picker's two lists and the 20 slots of the current target. */
  editorCold: BUILDING_LIST + FACTORY_LIST + SLOTS,
  /** Reopened within the freshness window: nothing. */
  editorWarm: 0,
  /** One slot saved: its write-time check and the write; the shown value needs no re-read. */
  saveSlot: checkAndWrite(1),
  /**
   * 3 slots over the editor that just showed all 20 (one slot holds the file's value already, two
   * are new): the preview sends nothing (every slot fresh), the job checks and writes the 2 that
   * change. Issue 26: 4 (it was 28).
   */
  import3Warm: checkAndWrite(2),
  /**
   * The same 3 slots with nothing fresh in the cache: the preview shows them as "read before
   * writing" and sends nothing; the job reads all 3 (any may change) and writes the 2 that do.
   */
  import3Cold: 3 + 2,
  /** 20 new values over a warm editor: 20 checks and 20 writes, the preview sends nothing. Goal ≤ 40. */
  import20Warm: checkAndWrite(SLOTS),
  /** 20 new values, nothing fresh: the preview sends nothing either way; 20 checks, 20 writes. */
  import20Cold: checkAndWrite(SLOTS),
  /**
   * Slot 1 (shown fresh in the editor: no read) copied into one slot of 5 other buildings, none
   * read before: 5 checks and 5 writes.
   */
  copy5: checkAndWrite(5),
  /**
   * A document of 6 pieces (manifest in slot 1, pieces in 2–7) written against what the editor
   * showed, 2 pieces changed: the 2 pieces and the manifest (it follows them) are checked and
   * written, and the 4 unchanged pieces are read at write time too, so that no document is written
   * mixed from two writers (issue 33, finding 6); they are not written. Issue 26: 6; now 10.
   */
  document6Of2: checkAndWrite(3) + 4,
  /**
   * Back up everything from an empty cache: every slot of the 12 buildings once, and the building
   * and factory lists it backs up from.
   */
  backup: BUILDINGS * SLOTS + BUILDING_LIST + FACTORY_LIST,
  /**
   * A backup of 12 buildings restored from an empty cache into an account where 30 slots changed
   * since: the building list (the preview says which targets are the account's), then each of the
   * 240 slots may be written, so each is checked once; the 30 that differ are written.
   */
  restore12: BUILDING_LIST + BUILDINGS * SLOTS + 30,
  /**
   * The Portfolio tab's first round from an empty cache: the building list, then details, rooms,
   * tenants and bank accounts of each building (the landlord is premium).
   */
  portfolioRound: BUILDING_LIST + BUILDINGS * BUILDING_SECTIONS,
} as const;

/**
 * The scripted session from an empty cache: the popup (lists + first building), a second building,
 * the editor on it (both lists are fresh from the popup; its 20 slots are read), 3 saves, a 10-slot
 * import of new values, the popup again (fresh: nothing).
 */
export const SESSION_FLOOR =
  FLOORS.popupCold + FLOORS.openBuilding + SLOTS + 3 * FLOORS.saveSlot + checkAndWrite(10) + FLOORS.popupWarm;
