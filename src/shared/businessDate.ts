/** Business dates are plain dates in Asia/Kolkata (DESIGN §4). */
const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Indian business date ('YYYY-MM-DD') of an instant. */
export function businessDateOf(instant: Date): string {
  return istDate.format(instant);
}

const istTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The Indian wall-clock time ('HH:MM') of an instant. */
export function istTimeOf(instant: Date): string {
  return istTime.format(instant);
}

/** The instant of an Indian business date and wall-clock time (IST is UTC+05:30 all year). */
export function istInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`);
}
