/** Names of the demo clients' staff, and of the other users who make the client lists look lived-in. */
import type { AccountStatus, Role } from '../../../shared/enums.js';

/** The demo roles in the order logins are printed. */
export const DEMO_ROLES: readonly Role[] = [
  'clientdealer', 'clientviewer', 'clientopsadmin', 'complianceofficer', 'backoffice', 'user', 'priceoverride',
];

/** [first, last] name of the demo user of each role, per demo client slug. */
export const DEMO_PEOPLE: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  arihant: [['Rohan', 'Mehta'], ['Ishita', 'Kapoor'], ['Sanjay', 'Kulkarni'], ['Meera', 'Iyer'], ['Deepak', 'Shetty'], ['Ananya', 'Rao'], ['Kunal', 'Shah']],
  vasuki: [['Aditya', 'Hegde'], ['Pooja', 'Nair'], ['Manoj', 'Gowda'], ['Shalini', 'Menon'], ['Vivek', 'Bhat'], ['Divya', 'Prasad'], ['Naveen', 'Kamath']],
  trishul: [['Amit', 'Joshi']],
  venue: [['Gaurav', 'Deshmukh'], ['Lata', 'Srinivasan'], ['Imran', 'Sheikh']],
};

/** Users beyond the demo logins: [first, last, client slug, role, status]. */
export const OTHER_USERS: readonly (readonly [string, string, string, Role, AccountStatus])[] = [
  ['Nikhil', 'Sawant', 'trishul', 'clientopsadmin', 'active'],
  ['Farah', 'Khan', 'trishul', 'complianceofficer', 'active'],
  ['Ramesh', 'Pillai', 'nandi', 'clientdealer', 'active'],
  ['Sneha', 'Chatterjee', 'kaveri-amc', 'clientdealer', 'active'],
  ['Arvind', 'Subramanian', 'kaveri-amc', 'clientviewer', 'invited'],
  ['Gaurav', 'Saxena', 'suraksha-life', 'complianceofficer', 'active'],
  ['Tanvi', 'Desai', 'suraksha-life', 'clientdealer', 'inactive'],
  ['Harish', 'Patel', 'narmada-bank', 'clientdealer', 'active'],
  ['Jyoti', 'Parmar', 'narmada-bank', 'clientopsadmin', 'invited'],
  ['Karthik', 'Raghavan', 'deccan-sfb', 'backoffice', 'inactive'],
  ['Priya', 'Venkataraman', 'priya-venkataraman', 'clientdealer', 'active'],
  ['Rohit', 'Kapoor', 'sangam-advisers', 'clientdealer', 'active'],
  ['Rohit', 'Kapoor', 'utkarsh-distributors', 'clientviewer', 'active'],
  ['Suresh', 'Mehta', 'mehta-family-office', 'clientdealer', 'invited'],
];
