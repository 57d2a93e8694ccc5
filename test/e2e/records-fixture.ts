/** The dealer's list of the records table's E2E tests (Chromium and Firefox). */
/** `n` records of the dealer's shape (about 100 characters each); the first price as written: 80000.50. */
export function dealerList(n: number): string {
  const cars = ['Audi A4 Avant', 'BMW 320d Touring', 'VW Golf Variant', 'Škoda Octavia 🚗'];
  const records = Array.from({ length: n }, (_, i) => {
    const price = i === 0 ? '80000.50' : String(9000 + ((i * 137) % 9000));
    return `{"id":${i + 1},"name":"${cars[i % cars.length]}","price":${price},"sold":${i % 3 === 0},"img":"https://cdn.example/c/${i + 1}.jpg"}`;
  });
  return `[${records.join(',')}]`;
}
