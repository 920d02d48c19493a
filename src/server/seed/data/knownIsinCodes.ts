/**
 * Real NSDL issuer codes (the 4 characters after "INE") of well-known issuers, keyed by short
 * name, so their demo ISINs look like the real ones. Everyone else gets a generated code.
 */
export const KNOWN_ISIN_CODES: Readonly<Record<string, string>> = {
  RIL: '002A', SBI: '062A', 'HDFC BANK': '040A', 'ICICI BANK': '090A', 'AXIS BANK': '238A',
  'KOTAK BANK': '237A', BOB: '028A', PNB: '160A', 'CANARA BANK': '476A', 'UNION BANK': '692A',
  'INDIAN BANK': '562A', 'YES BANK': '528G', 'IDFC FIRST': '092T', NTPC: '733E', POWERGRID: '752E',
  REC: '020B', PFC: '134E', IRFC: '053F', NABARD: '261F', SIDBI: '556F', NHAI: '906B', HUDCO: '031A',
  NHB: '557F', EXIM: '514E', NHPC: '848E', ONGC: '213A', IOCL: '242A', BPCL: '029A', HPCL: '094A',
  GAIL: '129A', SAIL: '114A', 'COAL INDIA': '522F', 'BAJAJ FIN': '296A', LICHF: '115A',
  'TATA STEEL': '081A', 'TATA MOTORS': '155A', 'L&T': '018A', 'ADANI PORTS': '742F', 'JSW STEEL': '019A',
  ULTRATECH: '481G', 'BHARTI AIRTEL': '397D', VEDANTA: '205A', HINDALCO: '038A', 'SHRIRAM FIN': '721A',
  'CHOLA FIN': '121A', 'M&M FIN': '774D', 'MUTHOOT FIN': '414G', MANAPPURAM: '522D', 'PIRAMAL ENT': '140A',
  'TATA CAP': '306N', 'AB FIN': '860H', 'SUNDARAM FIN': '660A', 'PNB HOUSING': '572E', 'CAN FIN': '477A',
  AAVAS: '216P', 'BAJAJ HOUSING': '377Y', POONAWALLA: '511C', 'TATA POWER': '245A', 'M&M': '101A',
};
