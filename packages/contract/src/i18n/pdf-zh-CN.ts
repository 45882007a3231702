/**
 * Server-only messages: the labels of the PDF documents the server writes (booking note,
 * confirmation, SI draft; apps/server/src/modules/documents-pdf), in Chinese. Kept out of the shared
 * catalogs (zh-CN.ts, en-US.ts), which the web bundles, and merged with them for the server's
 * translate() (index.ts). Field names come from the shared `field` labels.
 */
export const zhCNPdf = {
  pdf: {
    title: { 'booking-note': '订舱委托书', confirmation: '放舱通知', si: '补料（提单草稿）' },
    subtitle: '委托编号 {{order_no}} · {{mode}} · 状态：{{status}}',
    footer: '{{app}} 生成于 {{time}}（{{zone}}）',
    parties: '相关方',
    customer: '订舱客户',
    forwarder: '货代',
    shipper: '发货人',
    consignee: '收货人',
    notify: '通知人',
    route: '航线与条款',
    cargo: '货物明细',
    total: '合计',
    containerCount: '箱量',
    lineNo: '序号',
    remarks: '备注',
    schedule: '船期',
    cutoffs: '截止时间',
    release: '提箱与还箱',
    bl: '提单',
    blNote: '本补料为草稿，以船公司或货代签发的提单为准。',
    terms: '运输条款与委托事项',
    serviceTerm: '运输条款',
    arrivalWindow: '要求到达日期',
    service: '航线服务',
    noNotify: '同收货人',
    specialCargo: '设备与特种货物',
    commercial: '商务与提单条款',
    partyLater: '随补料提供',
    notifyLater: '随补料提供',
    lineOf: '第 {{line}} 行 · {{type}}',
    destinationPort: '目的港',
    placeOfDelivery: '交货地',
  },
} as const;
