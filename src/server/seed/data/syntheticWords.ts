/** Word lists for plausible, clearly fictional Indian company names ("Sahyadri Agro Infra Limited"). */
import type { CorporateKind } from '../types.js';

/** Rivers, ranges, regions, old kingdoms and auspicious words, as Indian company names use. */
export const NAME_STEMS = [
  'Sahyadri', 'Vindhya', 'Aravalli', 'Kaveri', 'Narmada', 'Godavari', 'Himgiri', 'Ganga', 'Yamuna', 'Konkan',
  'Deccan', 'Malabar', 'Satpura', 'Nilgiri', 'Shivalik', 'Kailash', 'Meru', 'Sindhu', 'Brahmaputra', 'Tapti',
  'Krishna', 'Tungabhadra', 'Mahanadi', 'Sabarmati', 'Chambal', 'Kalinga', 'Magadh', 'Avanti', 'Kosala',
  'Vidarbha', 'Marathwada', 'Saurashtra', 'Kutch', 'Bundelkhand', 'Awadh', 'Mewar', 'Marwar', 'Shekhawati',
  'Purvanchal', 'Uttara', 'Dakshin', 'Pragati', 'Unnati', 'Samruddhi', 'Vikas', 'Navbharat', 'Jyoti',
  'Arunodaya', 'Chandrika', 'Tarang', 'Akashdeep', 'Prithvi', 'Agneya', 'Varuna', 'Vayu', 'Indraprastha',
  'Lakshmi', 'Saraswati', 'Annapurna', 'Kamdhenu', 'Sanjeevani', 'Amrit', 'Shaktiman', 'Vijayshree',
  'Jaidev', 'Siddhivinayak', 'Riddhi', 'Mangalam', 'Shubhlabh', 'Paramount', 'Utkarsh', 'Abhyuday', 'Prabhat',
  'Sampada', 'Dhanvantari', 'Vaibhav', 'Kubera', 'Ashoka', 'Maurya', 'Chola', 'Pallava', 'Chalukya',
  'Vijayanagar', 'Hampi', 'Kanchi', 'Madurai', 'Tanjore', 'Mysore', 'Kodagu', 'Wayanad', 'Nalanda',
  'Takshila', 'Ujjayini', 'Pataliputra', 'Dwarka', 'Somnath', 'Girnar', 'Ajanta', 'Ellora', 'Konark',
  'Khajuraho', 'Sanchi', 'Rajgir', 'Hastinapur', 'Kurukshetra', 'Mathura', 'Gokul', 'Vrindavan', 'Ayodhya',
  'Kashi', 'Prayag', 'Haridwar', 'Rishikesh', 'Badrinath', 'Kedar', 'Amarnath', 'Trikuta', 'Dhauladhar',
  'Pir Panjal', 'Zanskar', 'Karakoram', 'Garhwal', 'Kumaon', 'Terai', 'Doaba', 'Majha', 'Malwa', 'Nimar',
  'Baghelkhand', 'Chhota Nagpur', 'Dandakaranya', 'Bastar', 'Koraput', 'Sundarban', 'Gaur', 'Kamarupa',
  'Pragjyotish', 'Manipuri', 'Lushai', 'Garo', 'Khasi', 'Jaintia', 'Tripuri', 'Barak', 'Teesta', 'Rangit',
  'Subansiri', 'Lohit', 'Siang', 'Mahi', 'Banas', 'Luni', 'Ghaggar', 'Betwa', 'Ken', 'Son', 'Damodar',
  'Subarnarekha', 'Baitarani', 'Vamsadhara', 'Penna', 'Palar', 'Vaigai', 'Tamraparni', 'Periyar', 'Pamba',
  'Bharathapuzha', 'Sharavati', 'Netravati', 'Kalindi', 'Mandakini', 'Alaknanda', 'Bhagirathi', 'Pindar',
  'Hemvati', 'Shivshakti', 'Omkar', 'Trimurti', 'Navratna', 'Saptarishi', 'Panchsheel', 'Ekta', 'Sangam',
  'Sarvodaya', 'Janseva', 'Lokmanya', 'Swadeshi', 'Swarna', 'Rajat', 'Heera', 'Moti', 'Neelkanth', 'Padmavati',
] as const;

/** Middle words that give a name texture without changing its sector. */
export const NAME_QUALIFIERS = [
  '', '', '', '', 'Bharat', 'India', 'Global', 'National', 'United', 'Western', 'Eastern', 'Southern',
  'Northern', 'Central', 'Pioneer', 'Premier', 'Royal', 'Supreme', 'Star', 'Prime',
] as const;

/** [sector, name ending] pairs per issuer kind; the ending makes the sector plain from the name. */
export const SECTOR_ENDINGS: Readonly<Record<Exclude<CorporateKind, 'PSU' | 'BANK'>, readonly (readonly [string, string])[]>> = {
  NBFC: [
    ['NBFC', 'Finance'], ['NBFC', 'Fincorp'], ['NBFC', 'Capital'], ['NBFC', 'Finvest'], ['NBFC', 'Credit'],
    ['NBFC', 'Leasing and Finance'], ['Vehicle Finance', 'Auto Finance'], ['Vehicle Finance', 'Motor Finance'],
    ['Microfinance', 'Microfinance'], ['Microfinance', 'Grameen Finance'], ['Gold Loans', 'Gold Finance'],
    ['Equipment Finance', 'Equipment Finance'], ['Education Finance', 'Vidya Finance'], ['NBFC', 'Investments'],
    ['NBFC', 'SME Finance'], ['Infrastructure Finance', 'Infra Finance'],
  ],
  HFC: [
    ['Housing Finance', 'Housing Finance'], ['Housing Finance', 'Home Finance'], ['Housing Finance', 'Griha Finance'],
    ['Housing Finance', 'Awas Finance'], ['Housing Finance', 'Affordable Housing Finance'],
  ],
  CORPORATE: [
    ['Agriculture', 'Agro Industries'], ['Agriculture', 'Agritech'], ['Infrastructure', 'Infra Projects'],
    ['Construction', 'Constructions'], ['Construction', 'Buildcon'], ['Power', 'Power'], ['Power', 'Urja'],
    ['Renewable Energy', 'Solar Energy'], ['Renewable Energy', 'Renewables'], ['Renewable Energy', 'Wind Power'],
    ['Metals & Mining', 'Ispat'], ['Metals & Mining', 'Steels'], ['Metals & Mining', 'Alloys'],
    ['Metals & Mining', 'Minerals'], ['Cement', 'Cements'], ['Textiles', 'Textiles'], ['Textiles', 'Spinning Mills'],
    ['Textiles', 'Fabrics'], ['Pharmaceuticals', 'Pharma'], ['Pharmaceuticals', 'Lifesciences'],
    ['Chemicals', 'Chemicals'], ['Chemicals', 'Polymers'], ['Chemicals', 'Petrochem'], ['Fertilisers', 'Fertilisers'],
    ['Logistics', 'Logistics'], ['Logistics', 'Freight Carriers'], ['Real Estate', 'Realty'],
    ['Real Estate', 'Developers'], ['Real Estate', 'Estates'], ['FMCG', 'Foods'], ['FMCG', 'Consumer Products'],
    ['FMCG', 'Dairy'], ['Sugar', 'Sugars'], ['Paper', 'Paper Mills'], ['Auto Components', 'Auto Components'],
    ['Auto Components', 'Forgings'], ['Capital Goods', 'Engineering'], ['Capital Goods', 'Electricals'],
    ['Capital Goods', 'Machine Tools'], ['Healthcare', 'Healthcare'], ['Healthcare', 'Hospitals'],
    ['Hospitality', 'Hotels and Resorts'], ['Roads & Highways', 'Tollways'], ['Roads & Highways', 'Expressways'],
    ['IT Services', 'Infotech'], ['IT Services', 'Technologies'], ['Media', 'Media and Entertainment'],
    ['Education', 'Education Services'], ['Retail', 'Retail'], ['Telecom', 'Telelinks'], ['Ports', 'Port Services'],
    ['Oil & Gas', 'Gas Distribution'], ['Consumer Durables', 'Appliances'], ['Diversified', 'Industries'],
    ['Diversified', 'Enterprises'],
  ],
};
