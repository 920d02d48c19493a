/**
 * Sovereign and sub-sovereign issuers. The two digits after "IN" in an SDL ISIN identify the
 * state; the codes below follow that numbering (Telangana, formed in 2014, got 45).
 */

export const GOVERNMENT_OF_INDIA = { name: 'Government of India', shortName: 'GOI', code: 'IN00' } as const;

/** [state or UT, SDL ISIN state code, relative SDL issuance]. */
export const SDL_ISSUERS: readonly (readonly [string, string, number])[] = [
  ['Andhra Pradesh', '10', 8], ['Arunachal Pradesh', '11', 1], ['Assam', '12', 3], ['Bihar', '13', 6],
  ['Goa', '14', 1], ['Gujarat', '15', 7], ['Haryana', '16', 6], ['Himachal Pradesh', '17', 2],
  ['Jammu and Kashmir', '18', 2], ['Karnataka', '19', 9], ['Kerala', '20', 7], ['Madhya Pradesh', '21', 6],
  ['Maharashtra', '22', 10], ['Manipur', '23', 1], ['Meghalaya', '24', 1], ['Mizoram', '25', 1],
  ['Nagaland', '26', 1], ['Odisha', '27', 2], ['Punjab', '28', 6], ['Rajasthan', '29', 8],
  ['Sikkim', '30', 1], ['Tamil Nadu', '31', 10], ['Tripura', '32', 1], ['Uttar Pradesh', '33', 9],
  ['West Bengal', '34', 9], ['Chhattisgarh', '35', 3], ['Jharkhand', '36', 2], ['Uttarakhand', '37', 2],
  ['Puducherry', '38', 1], ['Telangana', '45', 8],
];
