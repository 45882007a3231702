import type { LogoStyle } from './logos.js';

/**
 * The demo companies (fictional): the documented customer and forwarder, and eight more forwarders
 * in Chinese port cities, so that the Shipper Alliance directory and the quote board look like a
 * real market. English names and addresses are in capitals, as they go onto shipping documents; a
 * Chinese company writes its Chinese name, address and profile too.
 */
export type DemoCompany = {
  key: string;
  username: string;
  isForwarder: boolean;
  logo: LogoStyle;
  company1: string;
  company2: string;
  linkman: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip_code: string;
  credit_no: string;
  profile: string;
  industries: string[];
  businesses: string[];
  routes: string[];
  ports: string[];
};

export const DEMO_CUSTOMER: DemoCompany = {
  key: 'customer',
  username: 'demo@example.com',
  isForwarder: false,
  logo: { initials: 'DT', color: '#475569', shape: 'circle' },
  company1: 'DEMO TRADING CO., LTD',
  company2: '演示贸易有限公司',
  linkman: 'LI MING',
  phone: '+862150000001',
  address1: 'NO. 100 CENTURY AVENUE, PUDONG',
  address2: '上海市浦东新区世纪大道100号',
  city: 'SHANGHAI',
  province: 'SHANGHAI',
  zip_code: '200120',
  credit_no: '91310115MA1K4DEMO1',
  profile:
    '演示贸易有限公司出口长三角地区生产的消费电子、家居用品和灯具，主要市场为欧洲、北美和东南亚。\n\n' +
    'DEMO TRADING exports consumer electronics from the Yangtze River Delta.',
  industries: ['ELEC', 'HOME', 'LIGHT'],
  businesses: [],
  routes: ['EU', 'USWC', 'SEA'],
  ports: ['CNSHA', 'CNNGB'],
};

export const DEMO_FORWARDER: DemoCompany = {
  key: 'demo',
  username: 'forwarder@example.com',
  isForwarder: true,
  logo: { initials: 'DF', color: '#1677ff', shape: 'rounded' },
  company1: 'DEMO FORWARDING CO., LTD',
  company2: '演示国际货运代理有限公司',
  linkman: 'ZHANG WEI',
  phone: '+862150000002',
  address1: 'NO. 8 WAIMA ROAD, HUANGPU',
  address2: '上海市黄浦区外马路8号',
  city: 'SHANGHAI',
  province: 'SHANGHAI',
  zip_code: '200011',
  credit_no: '91310101MA1G8DEMO2',
  profile:
    '演示国际货运代理有限公司为长三角客户订舱上海、宁波至欧洲、地中海和北美的整箱与拼箱舱位，并代理报关。\n\n' +
    'DEMO FORWARDING books FCL and LCL space from Shanghai and Ningbo to Europe and North America, with customs brokerage at both ports.',
  industries: [],
  businesses: ['FCL', 'LCL', 'CUSTOMS'],
  routes: ['EU', 'USWC', 'MED'],
  ports: ['CNSHA', 'CNNGB'],
};

type ForwarderFields = Omit<DemoCompany, 'isForwarder' | 'industries' | 'province' | 'zip_code'> & {
  province?: string;
  zip_code?: string;
};
const forwarder = (fields: ForwarderFields): DemoCompany => ({
  province: '',
  zip_code: '',
  ...fields,
  isForwarder: true,
  industries: [],
});

export const OTHER_FORWARDERS: DemoCompany[] = [
  forwarder({
    key: 'blueocean',
    username: 'booking@blueocean-sz.example.com',
    logo: { initials: 'BO', color: '#0e7490', shape: 'circle' },
    company1: 'BLUE OCEAN SHIPPING AGENCY (SHENZHEN) CO., LTD',
    company2: '深圳蓝海船务代理有限公司',
    linkman: 'CHEN JIE',
    phone: '+8675583260018',
    address1: 'RM 1808, TOWER B, NO. 3 FUHUA ROAD, FUTIAN DISTRICT',
    address2: '深圳市福田区福华路3号B座1808室',
    city: 'SHENZHEN',
    province: 'GUANGDONG',
    zip_code: '518048',
    credit_no: '91440300MA5F3BLUE8',
    profile:
      '深圳蓝海船务代理有限公司扎根盐田、蛇口，主营美西、美东和加拿大航线，与中远海运、长荣、东方海外签有服务合同，并提供亚马逊FBA头程和报关服务。\n\n' +
      'Blue Ocean handles transpacific FCL and LCL from Yantian and Shekou under service contracts with COSCO, Evergreen and OOCL, including Amazon FBA first-mile and customs clearance.',
    businesses: ['FCL', 'LCL', 'FBA', 'CUSTOMS'],
    routes: ['USWC', 'USEC', 'CA'],
    ports: ['CNYTN', 'CNSHK'],
  }),
  forwarder({
    key: 'eastwind',
    username: 'sales@eastwind-nb.example.com',
    logo: { initials: 'EW', color: '#c2410c', shape: 'hexagon' },
    company1: 'EASTWIND INTERNATIONAL LOGISTICS (NINGBO) CO., LTD',
    company2: '宁波东风国际物流有限公司',
    linkman: 'XU LEI',
    phone: '+8657487715520',
    address1: 'NO. 555 ZHONGXING ROAD, YINZHOU DISTRICT',
    address2: '宁波市鄞州区中兴路555号',
    city: 'NINGBO',
    province: 'ZHEJIANG',
    zip_code: '315040',
    credit_no: '91330212MA2H7EAST5',
    profile:
      '宁波东风国际物流专注欧洲与地中海航线，每周固定舱位覆盖鹿特丹、汉堡、安特卫普、热那亚和瓦伦西亚，同时经营中欧班列拼箱。\n\n' +
      'Eastwind specialises in North Europe and the Mediterranean, with weekly allocations to Rotterdam, Hamburg, Antwerp, Genoa and Valencia, and consolidated China–Europe rail freight.',
    businesses: ['FCL', 'LCL', 'RAIL'],
    routes: ['EU', 'MED'],
    ports: ['CNNGB', 'CNSHA'],
  }),
  forwarder({
    key: 'harbourstar',
    username: 'ops@harbourstar-qd.example.com',
    logo: { initials: 'HS', color: '#1e3a8a', shape: 'shield' },
    company1: 'QINGDAO HARBOUR STAR INTERNATIONAL FORWARDING CO., LTD',
    company2: '青岛港星国际货运代理有限公司',
    linkman: 'SUN HAO',
    phone: '+8653282976600',
    address1: 'NO. 6 XIANGGANG MIDDLE ROAD, SHINAN DISTRICT',
    address2: '青岛市市南区香港中路6号',
    city: 'QINGDAO',
    province: 'SHANDONG',
    zip_code: '266071',
    credit_no: '91370202MA3C9STAR1',
    profile:
      '青岛港星立足青岛、日照两港，经营日韩、东南亚和中东航线，擅长轮胎、机械设备等重货及大件项目运输。\n\n' +
      'Harbour Star ships from Qingdao and Rizhao to Japan, Korea, Southeast Asia and the Middle East, with a project desk for tyres, machinery and heavy lifts.',
    businesses: ['FCL', 'BULK', 'PROJECT'],
    routes: ['JPK', 'SEA', 'ME'],
    ports: ['CNTAO', 'CNRZH'],
  }),
  forwarder({
    key: 'silkroad',
    username: 'service@silkroad-xm.example.com',
    logo: { initials: 'SR', color: '#b45309', shape: 'rounded' },
    company1: 'XIAMEN SILK ROAD SUPPLY CHAIN CO., LTD',
    company2: '厦门丝路供应链有限公司',
    linkman: 'LIN YAN',
    phone: '+8659265023388',
    address1: 'NO. 88 XIANGYU ROAD, HULI DISTRICT',
    address2: '厦门市湖里区象屿路88号',
    city: 'XIAMEN',
    province: 'FUJIAN',
    zip_code: '361006',
    credit_no: '91350206MA8R2SILK6',
    profile:
      '厦门丝路供应链提供厦门、福州出口东南亚、印巴和中东的海运订舱、报关及保税仓储一站式服务。\n\n' +
      'Silk Road offers one-stop ocean freight, customs and bonded warehousing from Xiamen and Fuzhou to Southeast Asia, the Indian Subcontinent and the Middle East.',
    businesses: ['FCL', 'LCL', 'CUSTOMS', 'WAREHOUSE'],
    routes: ['SEA', 'ISC', 'ME'],
    ports: ['CNXMN', 'CNFOC'],
  }),
  forwarder({
    key: 'northbridge',
    username: 'booking@northbridge-tj.example.com',
    logo: { initials: 'NB', color: '#15803d', shape: 'circle' },
    company1: 'TIANJIN NORTHBRIDGE INTERNATIONAL FREIGHT CO., LTD',
    company2: '天津北桥国际货运有限公司',
    linkman: 'LIU YANG',
    phone: '+862225706688',
    address1: 'NO. 1 XINGANG ROAD, BINHAI NEW AREA',
    address2: '天津市滨海新区新港路1号',
    city: 'TIANJIN',
    province: 'TIANJIN',
    zip_code: '300456',
    credit_no: '91120116MA0J5NRTH3',
    profile:
      '天津北桥国际货运经营天津新港、大连出口欧洲、中东和红海航线，具备危险品和冷藏箱操作资质。\n\n' +
      'Northbridge ships from Tianjin Xingang and Dalian to Europe, the Middle East and the Red Sea, and is licensed for dangerous goods and reefer cargo.',
    businesses: ['FCL', 'REEFER', 'DG'],
    routes: ['EU', 'ME', 'RS'],
    ports: ['CNTXG', 'CNDLC'],
  }),
  forwarder({
    key: 'pearlriver',
    username: 'cs@pearlriver-gz.example.com',
    logo: { initials: 'PR', color: '#be123c', shape: 'hexagon' },
    company1: 'GUANGZHOU PEARL RIVER LOGISTICS CO., LTD',
    company2: '广州珠江国际物流有限公司',
    linkman: 'HUANG MEI',
    phone: '+862038628899',
    address1: 'NO. 26 HUANGPU AVENUE WEST, TIANHE DISTRICT',
    address2: '广州市天河区黄埔大道西26号',
    city: 'GUANGZHOU',
    province: 'GUANGDONG',
    zip_code: '510620',
    credit_no: '91440101MA59PEARL2',
    profile:
      '广州珠江国际物流依托南沙港，服务珠三角跨境电商和中小出口商，主营东南亚、澳新及南美西航线的整箱和拼箱。\n\n' +
      'Pearl River serves Pearl River Delta exporters and cross-border sellers from Nansha, with FCL and LCL to Southeast Asia, Australia and New Zealand, and the west coast of South America.',
    businesses: ['FCL', 'LCL', 'ECOM', 'EXPRESS'],
    routes: ['SEA', 'ANZ', 'LATW'],
    ports: ['CNNSA', 'CNHUA'],
  }),
  forwarder({
    key: 'continental',
    username: 'ops@continental-dl.example.com',
    logo: { initials: 'CS', color: '#6d28d9', shape: 'shield' },
    company1: 'DALIAN CONTINENTAL SHIPPING CO., LTD',
    company2: '大连大陆海运有限公司',
    linkman: 'ZHAO NING',
    phone: '+8641182795500',
    address1: 'NO. 1 GANGWAN STREET, ZHONGSHAN DISTRICT',
    address2: '大连市中山区港湾街1号',
    city: 'DALIAN',
    province: 'LIAONING',
    zip_code: '116001',
    credit_no: '91210202MA0Q5CONT7',
    profile:
      '大连大陆海运经营大连、营口至日韩、美西和加拿大的整箱与冷藏箱业务，水产品冷链出口经验丰富。\n\n' +
      'Continental Shipping runs FCL and reefer services from Dalian and Yingkou to Japan, Korea, the US West Coast and Canada, with long experience in frozen seafood exports.',
    businesses: ['FCL', 'REEFER'],
    routes: ['JPK', 'USWC', 'CA'],
    ports: ['CNDLC', 'CNYIK'],
  }),
  forwarder({
    key: 'goldenbridge',
    username: 'info@goldenbridge-sh.example.com',
    logo: { initials: 'GB', color: '#a16207', shape: 'rounded' },
    company1: 'SHANGHAI GOLDEN BRIDGE INTERNATIONAL LOGISTICS CO., LTD',
    company2: '上海金桥国际物流有限公司',
    linkman: 'WU TING',
    phone: '+862165871200',
    address1: 'RM 2106, NO. 1318 NORTH SICHUAN ROAD, HONGKOU DISTRICT',
    address2: '上海市虹口区四川北路1318号2106室',
    city: 'SHANGHAI',
    province: 'SHANGHAI',
    zip_code: '200080',
    credit_no: '91310109MA1F8GOLD4',
    profile:
      '上海金桥国际物流从上海、太仓出运，覆盖欧洲、地中海、美东、南美东和西非航线，提供项目物流与货运保险。\n\n' +
      'Golden Bridge ships from Shanghai and Taicang to Europe, the Mediterranean, the US East Coast, the east coast of South America and West Africa, with project logistics and cargo insurance.',
    businesses: ['FCL', 'LCL', 'PROJECT', 'INSURANCE'],
    routes: ['EU', 'MED', 'USEC', 'LATE', 'WAF'],
    ports: ['CNSHA', 'CNTAG'],
  }),
];
