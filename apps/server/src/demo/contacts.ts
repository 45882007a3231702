import type { Actor } from '../modules/activity/service.js';
import { contactQuery } from '@freight/contract';
import { listContacts } from '../modules/contacts/service.js';
import type { Db } from '../platform/db.js';
import { CONTACT_COLUMNS, importContacts } from '../modules/contacts/sheet.js';

/**
 * The demo customer's contact book (fictional companies): Chinese suppliers it ships for, with
 * their Chinese names and addresses, and importers abroad on the lanes of the demo rates. Columns
 * as the import template has them: type, company1, company2, linkman, address1, address2, city,
 * province, country (ISO code), zip code, phone, e-mail, written as a line of the sheet. The first
 * two are the earlier demo data's.
 */
const SHIPPERS = [
  'shipper|NINGBO BRIGHT ELECTRONICS CO., LTD|宁波明亮电子有限公司|WANG FANG|NO. 66 HUANCHENG ROAD, YINZHOU||NINGBO|ZHEJIANG|CN||+8657487000001|wang.fang@example.com',
  'shipper|SUZHOU EVERGREEN TEXTILE CO., LTD|苏州常青纺织有限公司|ZHOU MIN|NO. 18 XINGHAI STREET, SUZHOU INDUSTRIAL PARK|江苏省苏州市工业园区星海街18号|SUZHOU|JIANGSU|CN|215021|+86 512 6255 0101|zhou.min@evergreen-textile.example.com',
  'shipper|YIWU HAPPY TOYS CO., LTD|义乌快乐玩具有限公司|CHEN LI|NO. 1 CHOUZHOU NORTH ROAD|浙江省义乌市稠州北路1号|YIWU|ZHEJIANG|CN|322000|+86 579 8555 0102|chenli@happytoys.example.com',
  'shipper|FOSHAN GRAND FURNITURE MANUFACTURING CO., LTD|佛山宏大家具制造有限公司|LIANG QIANG|NO. 8 LECONG FURNITURE AVENUE, SHUNDE|广东省佛山市顺德区乐从家具大道8号|FOSHAN|GUANGDONG|CN|528315|+86 757 2883 0103|export@grandfurniture.example.com',
  'shipper|SHENZHEN BRIGHTSTAR TECHNOLOGY CO., LTD|深圳明星科技有限公司|HE JUN|6F, BUILDING 3, NANSHAN SCIENCE PARK|深圳市南山区科技园3栋6楼|SHENZHEN|GUANGDONG|CN|518057|+86 755 8639 0104|hejun@brightstar.example.com',
  'shipper|DONGGUAN HUAXING SHOES CO., LTD|东莞华兴鞋业有限公司|LUO PING|NO. 25 HOUJIE AVENUE, HOUJIE TOWN|广东省东莞市厚街镇厚街大道25号|DONGGUAN|GUANGDONG|CN|523960|+86 769 8588 0105|luoping@huaxingshoes.example.com',
  'shipper|QINGDAO OCEANWAY TYRE CO., LTD|青岛远洋轮胎有限公司|GAO FENG|NO. 77 HAIER ROAD, LAOSHAN DISTRICT|青岛市崂山区海尔路77号|QINGDAO|SHANDONG|CN|266100|+86 532 8896 0106|gaofeng@oceanwaytyre.example.com',
  'shipper|XIAMEN GREENLEAF TEA CO., LTD|厦门绿叶茶业有限公司|CAI HONG|NO. 12 HUBIN NORTH ROAD, SIMING DISTRICT|厦门市思明区湖滨北路12号|XIAMEN|FUJIAN|CN|361012|+86 592 5120 0107|caihong@greenleaftea.example.com',
  'shipper|WUXI SUNPOWER SOLAR CO., LTD|无锡阳光新能源有限公司|QIAN WEI|NO. 9 XINHUA ROAD, XINWU DISTRICT|江苏省无锡市新吴区新华路9号|WUXI|JIANGSU|CN|214028|+86 510 8522 0108|qianwei@sunpower-solar.example.com',
  'shipper|HANGZHOU WESTLAKE KITCHENWARE CO., LTD|杭州西湖厨具有限公司|YU JING|NO. 300 JIANGNAN AVENUE, BINJIANG DISTRICT|杭州市滨江区江南大道300号|HANGZHOU|ZHEJIANG|CN|310051|+86 571 8765 0109|yujing@westlakekitchen.example.com',
  'shipper|JINGDEZHEN FINE PORCELAIN CO., LTD|景德镇精瓷有限公司|XIONG BIN|NO. 5 CIDU AVENUE|江西省景德镇市瓷都大道5号|JINGDEZHEN|JIANGXI|CN|333000|+86 798 8220 0110|xiongbin@fineporcelain.example.com',
  'shipper|ZHONGSHAN BRILLIANT LIGHTING CO., LTD|中山辉煌灯饰有限公司|LI NA|NO. 2 GUZHEN AVENUE, GUZHEN TOWN|广东省中山市古镇镇古镇大道2号|ZHONGSHAN|GUANGDONG|CN|528421|+86 760 2233 0111|lina@brilliantlighting.example.com',
  'shipper|CIXI HARVEST HOUSEWARE CO., LTD|慈溪丰收家居用品有限公司|FANG LIN|NO. 199 BEIER ROAD, ZONGHAN STREET|浙江省慈溪市宗汉街道北二路199号|CIXI|ZHEJIANG|CN|315301|+86 574 6388 0112|fanglin@harvesthouse.example.com',
  'shipper|CHANGZHOU POWERTOOLS CO., LTD|常州动力工具有限公司|DING HAO|NO. 45 TONGJIANG ROAD, XINBEI DISTRICT|常州市新北区通江路45号|CHANGZHOU|JIANGSU|CN|213022|+86 519 8510 0113|dinghao@powertools.example.com',
  'shipper|SHANTOU SEAVIEW PLASTICS CO., LTD|汕头海景塑胶有限公司|ZHENG HUI|NO. 16 LONGHU ROAD|汕头市龙湖区龙湖路16号|SHANTOU|GUANGDONG|CN|515041|+86 754 8836 0114|zhenghui@seaviewplastics.example.com',
  'shipper|TIANJIN HAIHE STEEL PIPE CO., LTD|天津海河钢管有限公司|MA LIANG|NO. 60 HUANGHAI ROAD, BINHAI NEW AREA|天津市滨海新区黄海路60号|TIANJIN|TIANJIN|CN|300457|+86 22 6620 0115|maliang@haihepipe.example.com',
  'shipper|DALIAN BLUESEA FOODS CO., LTD|大连蓝海食品有限公司|YANG FAN|NO. 10 JINMA ROAD, JINZHOU DISTRICT|大连市金州区金马路10号|DALIAN|LIAONING|CN|116100|+86 411 8761 0116|yangfan@blueseafoods.example.com',
  'shipper|SHAOXING KEQIAO SILK WEAVING CO., LTD|绍兴柯桥丝绸织造有限公司|SHEN YU|NO. 168 KEQIAO AVENUE|浙江省绍兴市柯桥区柯桥大道168号|SHAOXING|ZHEJIANG|CN|312030|+86 575 8412 0117|shenyu@keqiaosilk.example.com',
  'shipper|JIANGMEN FLYING DRAGON AUTO PARTS CO., LTD|江门飞龙汽车配件有限公司|TAN KAI|NO. 3 GANGKOU ROAD, PENGJIANG DISTRICT|江门市蓬江区港口路3号|JIANGMEN|GUANGDONG|CN|529000|+86 750 3366 0118|tankai@flyingdragon.example.com',
  'shipper|WENZHOU ORIENT VALVE CO., LTD|温州东方阀门有限公司|PAN XIN|NO. 21 OUHAI AVENUE|温州市瓯海区瓯海大道21号|WENZHOU|ZHEJIANG|CN|325000|+86 577 8866 0119|panxin@orientvalve.example.com',
  'shipper|KUNSHAN PRECISION PACKAGING CO., LTD|昆山精密包装有限公司|JIANG TAO|NO. 88 QIANJIN EAST ROAD|江苏省昆山市前进东路88号|KUNSHAN|JIANGSU|CN|215300|+86 512 5771 0120|jiangtao@precisionpack.example.com',
  "both|LUCKY STAR TRADING (HK) LIMITED|幸运星贸易（香港）有限公司|TSANG KA MING|FLAT 12B, 88 QUEEN'S ROAD CENTRAL|香港中环皇后大道中88号12B室|HONG KONG||HK||+852 2800 1234|kmtsang@luckystar.example.com",
];

const CONSIGNEES = [
  'consignee|PACIFIC HOME GOODS INC.||JOHN SMITH|1200 HARBOR BLVD||LOS ANGELES|CA|US|90012|+13105550100|john.smith@example.com',
  'consignee|ATLANTIC OUTDOOR SUPPLY LLC||MIKE JOHNSON|455 COMMERCE DRIVE||SAVANNAH|GA|US|31408|+1 912 555 0111|mike.johnson@atlanticoutdoor.example.com',
  'consignee|GOLDEN GATE ELECTRONICS CORP.||SARAH LEE|2100 MARINA BLVD||OAKLAND|CA|US|94607|+1 510 555 0112|sarah.lee@goldengate-elec.example.com',
  'consignee|EMPIRE KITCHEN SUPPLY INC.||DAVID COHEN|310 FIFTH AVENUE, SUITE 1200||NEW YORK|NY|US|10001|+1 212 555 0113|dcohen@empirekitchen.example.com',
  'consignee|SUNBELT FURNITURE DISTRIBUTORS INC.||LAURA MARTINEZ|880 INDUSTRIAL PARKWAY||CHARLESTON|SC|US|29405|+1 843 555 0114|laura@sunbeltfurniture.example.com',
  'consignee|CASCADE TOY COMPANY||KEVIN BROWN|1500 WESTLAKE AVE N||SEATTLE|WA|US|98109|+1 206 555 0115|kevin.brown@cascadetoy.example.com',
  'consignee|MAPLE LEAF IMPORTS LTD.||EMILY TREMBLAY|2200 GRANVILLE STREET||VANCOUVER|BC|CA|V6H 3G1|+1 604 555 0116|emily@mapleleafimports.example.com',
  'consignee|HOLLAND LIGHTING B.V.||PIETER DE VRIES|WAALHAVEN Z.Z. 40||ROTTERDAM|ZUID-HOLLAND|NL|3089 JH|+31 10 455 0134|p.devries@hollandlighting.example.com',
  'consignee|HANSEATIC TRADING GMBH||KLAUS WEBER|GROSSE ELBSTRASSE 145||HAMBURG|HAMBURG|DE|22767|+49 40 3850 0145|k.weber@hanseatic-trading.example.com',
  'consignee|SCHELDE INDUSTRIAL SUPPLIES NV||TOM PEETERS|NOORDERLAAN 120||ANTWERPEN|ANTWERPEN|BE|2030|+32 3 540 0146|tom.peeters@schelde-supplies.example.com',
  'consignee|BRITANNIA RETAIL LTD||JAMES WILSON|12 DOCK ROAD||FELIXSTOWE|SUFFOLK|GB|IP11 3QW|+44 1394 550147|james.wilson@britanniaretail.example.com',
  'consignee|NORMANDIE MAISON SARL||CLAIRE MARTIN|25 QUAI GEORGE V||LE HAVRE|NORMANDIE|FR|76600|+33 2 35 55 01 48|c.martin@normandiemaison.example.com',
  'consignee|BALTIC CARGO SP. Z O.O.||PIOTR NOWAK|UL. PORTOWA 5||GDANSK|POMORSKIE|PL|80-601|+48 58 555 0149|p.nowak@balticcargo.example.com',
  'consignee|LIGURIA CASA S.R.L.||MARCO ROSSI|VIA XX SETTEMBRE 40||GENOVA|GE|IT|16121|+39 010 555 0150|marco.rossi@liguriacasa.example.com',
  'consignee|VALENCIA AZULEJOS S.L.||CARLOS GARCIA|AVENIDA DEL PUERTO 300||VALENCIA|VALENCIA|ES|46024|+34 96 355 0151|carlos@valenciaazulejos.example.com',
  'consignee|AEGEAN HOMEWARE S.A.||NIKOS PAPADOPOULOS|AKTI MIAOULI 85||PIRAEUS|ATTICA|GR|185 38|+30 210 555 0152|nikos@aegeanhomeware.example.com',
  'consignee|BOSPHORUS TEKSTIL A.S.||MEHMET YILMAZ|HALKALI CADDESI 10||ISTANBUL|ISTANBUL|TR|34303|+90 212 555 0153|mehmet@bosphorustekstil.example.com',
  'both|GULF STAR TRADING LLC||AHMED AL MANSOORI|JEBEL ALI FREE ZONE, LOB 15 OFFICE 210||DUBAI|DUBAI|AE||+971 4 555 0154|ahmed@gulfstar.example.com',
  'consignee|AL NOOR BUILDING MATERIALS CO.||KHALID AL HARBI|KING FAHD ROAD||DAMMAM|EASTERN PROVINCE|SA|32241|+966 13 555 0155|khalid@alnoor-bm.example.com',
  'consignee|LION CITY DISTRIBUTION PTE. LTD.||TAN WEI MING|10 ANSON ROAD #20-05||SINGAPORE||SG|079903|+65 6555 0156|weiming@lioncity.example.com',
  'consignee|SAIGON HOME DECOR CO., LTD||NGUYEN VAN AN|12 NGUYEN HUE, DISTRICT 1||HO CHI MINH CITY||VN|700000|+84 28 3555 0157|an.nguyen@saigonhomedecor.example.com',
  'consignee|SIAM ELECTRIC SUPPLY CO., LTD||SOMCHAI PRASERT|99 RAMA IV ROAD||BANGKOK||TH|10500|+66 2 555 0158|somchai@siamelectric.example.com',
  'consignee|PT JAKARTA MEGA RETAIL||BUDI SANTOSO|JL. JEND. SUDIRMAN KAV. 52||JAKARTA|DKI JAKARTA|ID|12190|+62 21 555 0159|budi@jakartamega.example.com',
  'consignee|MANILA BAY TRADING CORP.||MARIA REYES|1200 ROXAS BLVD||MANILA|METRO MANILA|PH|1000|+63 2 8555 0160|maria.reyes@manilabay.example.com',
  'consignee|SOUTHERN CROSS IMPORTS PTY LTD||OLIVIA TAYLOR|45 BOTANY ROAD||SYDNEY|NSW|AU|2019|+61 2 9555 0161|olivia@southerncross.example.com',
  'consignee|KIWI HOMEWARES LTD||JACK THOMPSON|20 QUAY STREET||AUCKLAND||NZ|1010|+64 9 555 0162|jack@kiwihomewares.example.com',
  'consignee|TOKYO BAY TRADING K.K.|东京湾贸易株式会社|KENJI SATO|2-1 KAIGAN, MINATO-KU||TOKYO|TOKYO|JP|105-0022|+81 3 5555 0163|k.sato@tokyobay.example.com',
  'consignee|BUSAN MARINE SUPPLY CO., LTD||KIM MIN JUN|15 JUNGANG-DAERO, JUNG-GU||BUSAN||KR|48940|+82 51 555 0164|minjun.kim@busanmarine.example.com',
  'consignee|MUMBAI HOMESTYLE PVT. LTD.||RAHUL SHARMA|21 BALLARD ESTATE, FORT||MUMBAI|MAHARASHTRA|IN|400001|+91 22 5555 0165|rahul@mumbaihomestyle.example.com',
  'consignee|ANDES COMERCIAL S.A.||JAVIER MUNOZ|AV. APOQUINDO 4500||SANTIAGO|REGION METROPOLITANA|CL|7550000|+56 2 2555 0166|jmunoz@andescomercial.example.com',
  'consignee|PAULISTA UTILIDADES LTDA.||ANA SOUZA|AV. ANA COSTA 200||SANTOS|SP|BR|11060-000|+55 13 5555 0167|ana.souza@paulista.example.com',
  'consignee|LAGOS HOME CENTRE LTD||CHUKWUMA OBI|14 WHARF ROAD, APAPA||LAGOS|LAGOS|NG|102273|+234 1 555 0168|c.obi@lagoshome.example.com',
];

const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** The contact book as rows of cells, in the import's column order. */
export const contactRows = () => rows();

/** The contact book's rows: the two earlier demo contacts first, then suppliers and importers alternating. */
function rows(): string[][] {
  const [firstShipper, ...shippers] = SHIPPERS;
  const [firstConsignee, ...consignees] = CONSIGNEES;
  const ordered = [firstShipper, firstConsignee];
  for (let i = 0; i < Math.max(shippers.length, consignees.length); i++)
    ordered.push(shippers[i], consignees[i]);
  return ordered.filter((row): row is string => row !== undefined).map((row) => row.split('|'));
}

/**
 * Imports the contact book as a member would (the contact import: one transaction, every row
 * checked), then reads back the ids by English company name.
 */
export async function seedContacts(db: Db, actor: Actor): Promise<Map<string, number>> {
  const companyId = actor.companyId;
  const csv = [[...CONTACT_COLUMNS], ...rows()].map((row) => row.map(cell).join(',')).join('\r\n');
  const result = await importContacts({
    db,
    context: { companyId, actor, locale: 'zh-CN' },
    data: Buffer.from(csv, 'utf8'),
    fileName: 'contacts.csv',
  });
  const expected = SHIPPERS.length + CONSIGNEES.length;
  if (result.created !== expected)
    throw new Error(`demo contacts: ${result.created} of ${expected} imported`);
  const { lists } = await listContacts({
    db,
    context: { companyId, role: 'owner', locale: 'en-US' },
    query: contactQuery.parse({ size: 100 }),
  });
  return new Map(lists.map((contact) => [contact.company1, contact.id]));
}
