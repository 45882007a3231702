import type { SeedPort } from './types.js';

/*
 * The IANA time zone of every seeded port (ports.ts): the clock its cut-offs are read on. Reviewed
 * by hand against the tz database's zone.tab, which lists the zones of each country with the
 * regions they cover.
 */

/**
 * Countries whose ports the tz database splits over more than one zone (zone.tab lists several for
 * them, even when all have the same offset today). Their country alone does not decide a port's
 * zone: each of their ports is listed in PORT_TIME_ZONES, and a new one must be too.
 */
// prettier-ignore
export const MULTI_ZONE_COUNTRIES: ReadonlySet<string> = new Set([
  'AR', 'AU', 'BR', 'CA', 'CD', 'CL', 'CN', 'CY', 'DE', 'EC', 'ES', 'ID', 'MX', 'MY', 'NZ', 'PG', 'PT',
  'RU', 'UA', 'US',
]);

/** The zone of each country with one zone, for the countries of the seeded ports. */
// prettier-ignore
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  AE: 'Asia/Dubai', AO: 'Africa/Luanda', BD: 'Asia/Dhaka', BE: 'Europe/Brussels', BG: 'Europe/Sofia',
  BH: 'Asia/Bahrain', BJ: 'Africa/Porto-Novo', BN: 'Asia/Brunei', BS: 'America/Nassau',
  CG: 'Africa/Brazzaville', CI: 'Africa/Abidjan', CM: 'Africa/Douala', CO: 'America/Bogota',
  CR: 'America/Costa_Rica', DJ: 'Africa/Djibouti', DK: 'Europe/Copenhagen', DO: 'America/Santo_Domingo',
  DZ: 'Africa/Algiers', EE: 'Europe/Tallinn', EG: 'Africa/Cairo', FI: 'Europe/Helsinki', FJ: 'Pacific/Fiji',
  FR: 'Europe/Paris', GA: 'Africa/Libreville', GB: 'Europe/London', GE: 'Asia/Tbilisi', GH: 'Africa/Accra',
  GM: 'Africa/Banjul', GN: 'Africa/Conakry', GR: 'Europe/Athens', GT: 'America/Guatemala',
  HK: 'Asia/Hong_Kong', HN: 'America/Tegucigalpa', HR: 'Europe/Zagreb', IE: 'Europe/Dublin',
  IL: 'Asia/Jerusalem', IN: 'Asia/Kolkata', IQ: 'Asia/Baghdad', IR: 'Asia/Tehran', IT: 'Europe/Rome',
  JM: 'America/Jamaica', JO: 'Asia/Amman', JP: 'Asia/Tokyo', KE: 'Africa/Nairobi', KH: 'Asia/Phnom_Penh',
  KR: 'Asia/Seoul', KW: 'Asia/Kuwait', LB: 'Asia/Beirut', LK: 'Asia/Colombo', LR: 'Africa/Monrovia',
  LT: 'Europe/Vilnius', LV: 'Europe/Riga', LY: 'Africa/Tripoli', MA: 'Africa/Casablanca',
  MG: 'Indian/Antananarivo', MM: 'Asia/Yangon', MR: 'Africa/Nouakchott', MT: 'Europe/Malta',
  MU: 'Indian/Mauritius', MV: 'Indian/Maldives', MZ: 'Africa/Maputo', NA: 'Africa/Windhoek',
  NC: 'Pacific/Noumea', NG: 'Africa/Lagos', NI: 'America/Managua', NL: 'Europe/Amsterdam', NO: 'Europe/Oslo',
  OM: 'Asia/Muscat', PA: 'America/Panama', PE: 'America/Lima', PH: 'Asia/Manila', PK: 'Asia/Karachi',
  PL: 'Europe/Warsaw', PR: 'America/Puerto_Rico', QA: 'Asia/Qatar', RO: 'Europe/Bucharest', SA: 'Asia/Riyadh',
  SC: 'Indian/Mahe', SD: 'Africa/Khartoum', SE: 'Europe/Stockholm', SG: 'Asia/Singapore',
  SI: 'Europe/Ljubljana', SL: 'Africa/Freetown', SN: 'Africa/Dakar', SO: 'Africa/Mogadishu',
  SV: 'America/El_Salvador', TG: 'Africa/Lome', TH: 'Asia/Bangkok', TN: 'Africa/Tunis', TR: 'Europe/Istanbul',
  TT: 'America/Port_of_Spain', TW: 'Asia/Taipei', TZ: 'Africa/Dar_es_Salaam', UY: 'America/Montevideo',
  VE: 'America/Caracas', VN: 'Asia/Ho_Chi_Minh', YE: 'Asia/Aden', ZA: 'Africa/Johannesburg',
};

/** Ports of one zone, as UN/LOCODEs separated by spaces. */
const inZone = (zone: string, codes: string) => codes.split(' ').map((code) => [code, zone] as const);

/** The zone of each port of a MULTI_ZONE_COUNTRIES country, grouped by zone with the region it covers. */
export const PORT_TIME_ZONES: ReadonlyMap<string, string> = new Map([
  // China: all of the coast and the Yangtze keep Beijing time (Asia/Urumqi is Xinjiang alone).
  ...inZone(
    'Asia/Shanghai',
    'CNSHA CNNGB CNSZX CNYTN CNSHK CNCWN CNCAN CNNSA CNHUA CNTAO CNTXG CNDLC CNXMN CNFOC CNLYG CNYNT ' +
      'CNRZH CNWEI CNYIK CNNKG CNTAG CNZJG CNNTG CNJIA CNWHI CNWUH CNCKG CNWNZ CNQZJ CNSWA CNDGG CNZSN ' +
      'CNJMN CNFOS CNZUH CNZHA CNQZH CNFAN CNHAK',
  ),
  // Russia: the Far East, the Black Sea and the Baltic.
  ...inZone('Asia/Vladivostok', 'RUVVO'),
  ...inZone('Europe/Moscow', 'RUNVS RULED'),
  // Malaysia: the peninsula, and Sabah and Sarawak on Borneo.
  ...inZone('Asia/Kuala_Lumpur', 'MYPKG MYTPP MYPGU MYPEN'),
  ...inZone('Asia/Kuching', 'MYKCH MYBKI'),
  // Indonesia: Java and Sumatra (western time), Sulawesi (central time).
  ...inZone('Asia/Jakarta', 'IDJKT IDSUB IDSRG IDBLW'),
  ...inZone('Asia/Makassar', 'IDUPG'),
  // Mainland Spain and Portugal (not the Canaries, Ceuta, Madeira or the Azores).
  ...inZone('Europe/Madrid', 'ESVLC ESBCN ESALG ESBIO'),
  ...inZone('Europe/Lisbon', 'PTLIS PTLEI PTSIE'),
  // Germany (Europe/Busingen is a Swiss enclave), Cyprus (the south), Ukraine (not Crimea).
  ...inZone('Europe/Berlin', 'DEHAM DEBRV DEWVN'),
  ...inZone('Asia/Nicosia', 'CYLMS'),
  ...inZone('Europe/Kyiv', 'UAODS'),
  // United States: Pacific coast, Hawaii, Atlantic coast and Florida, Gulf coast west of Florida.
  ...inZone('America/Los_Angeles', 'USLAX USLGB USOAK USSEA USTIW USPDX'),
  ...inZone('Pacific/Honolulu', 'USHNL'),
  ...inZone('America/New_York', 'USNYC USSAV USCHS USORF USBAL USBOS USPHL USJAX USMIA USPEF USTPA'),
  ...inZone('America/Chicago', 'USHOU USMSY USMOB'),
  // Canada: British Columbia, Quebec (Montreal keeps Toronto's clock), Nova Scotia.
  ...inZone('America/Vancouver', 'CAVAN CAPRR'),
  ...inZone('America/Toronto', 'CAMTR'),
  ...inZone('America/Halifax', 'CAHAL'),
  // Mexico: central time (Colima, Michoacán, Veracruz), southern Tamaulipas, Baja California.
  ...inZone('America/Mexico_City', 'MXZLO MXLZC MXVER'),
  ...inZone('America/Monterrey', 'MXATM'),
  ...inZone('America/Tijuana', 'MXESE'),
  // South America's Pacific coast: mainland Ecuador (not Galápagos), Chile north of Aysén.
  ...inZone('America/Guayaquil', 'ECGYE'),
  ...inZone('America/Santiago', 'CLIQQ CLVAP CLSAI CLSVE'),
  // Brazil: the south-east and south, Bahia, Pernambuco, Ceará.
  ...inZone('America/Sao_Paulo', 'BRSSZ BRRIO BRPNG BRITJ BRNVT BRRIG BRVIX'),
  ...inZone('America/Bahia', 'BRSSA'),
  ...inZone('America/Recife', 'BRSUA'),
  ...inZone('America/Fortaleza', 'BRPEC'),
  ...inZone('America/Argentina/Buenos_Aires', 'ARBUE'),
  // The Congo's Atlantic port (Lubumbashi's zone is the east).
  ...inZone('Africa/Kinshasa', 'CDMAT'),
  // Australia: New South Wales, Victoria, Queensland (no daylight saving), Western and South Australia.
  ...inZone('Australia/Sydney', 'AUSYD'),
  ...inZone('Australia/Melbourne', 'AUMEL'),
  ...inZone('Australia/Brisbane', 'AUBNE'),
  ...inZone('Australia/Perth', 'AUFRE'),
  ...inZone('Australia/Adelaide', 'AUADL'),
  // New Zealand (not the Chatham Islands) and mainland Papua New Guinea (not Bougainville).
  ...inZone('Pacific/Auckland', 'NZAKL NZTRG NZNPE NZWLG NZLYT'),
  ...inZone('Pacific/Port_Moresby', 'PGLAE PGPOM'),
]);

/**
 * A seeded port's zone: its own entry, else its country's when the country has one zone. Throws for
 * a port whose zone is not decided, so that a port added to ports.ts without one fails the seed.
 */
export function portTimeZone(port: Pick<SeedPort, 'code' | 'country'>): string {
  const own = PORT_TIME_ZONES.get(port.code);
  if (own) return own;
  const country = MULTI_ZONE_COUNTRIES.has(port.country) ? undefined : COUNTRY_TIME_ZONES[port.country];
  if (!country) throw new Error(`Port ${port.code}: no time zone (reference-data/time-zones.ts)`);
  return country;
}
