/** Business dates are plain dates in Asia/Kolkata (DESIGN §4). */
const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Indian business date ('YYYY-MM-DD') of an instant. */
export function businessDateOf(instant: Date): string {
  return istDate.format(instant);
}
