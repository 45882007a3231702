/**
 * Server-only messages: the e-mails the portal sends, in each language. They are kept out of the
 * shared catalogs (zh-CN.ts, en-US.ts) because the web bundles those, and merged with them for the
 * server's translate() (index.ts).
 */
export const zhCNMail = {
  booking: {
    mailSubject: '[{{app}}] 订舱 {{order_no}}：{{status}}',
    mailBody:
      '您好：\n\n{{actor}}对订舱 {{order_no}}（{{route}}）执行了“{{action}}”。\n状态：{{from}} → {{to}}\n{{details}}\n请登录门户查看详情。',
    mailNoStatus: '新订舱',
  },
  account: {
    mail: {
      passwordChangedSubject: '【{{app}}】您的密码已修改',
      passwordChangedBody:
        '您好，\n\n{{app}} 账号 {{email}} 的密码已于 {{time}}（UTC）修改，其他设备上的登录已全部退出。\n\n如果这不是您本人的操作，请立即通过“忘记密码”重置密码，并联系 {{app}} 的管理员。',
      resetSubject: '【{{app}}】密码重置验证码',
      resetBody:
        '您好，\n\n您正在重置 {{app}} 账号 {{email}} 的密码。验证码：{{code}}\n验证码 {{minutes}} 分钟内有效，仅可使用一次。\n\n也可以打开以下链接直接设置新密码（{{link_minutes}} 分钟内有效，仅可使用一次）：\n{{link}}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    },
  },
  company: {
    inviteSubject: '[{{app}}] {{inviter}} 邀请你加入 {{company}}',
    inviteBody:
      '你好：\n\n{{inviter}} 邀请你以“{{role}}”的身份加入 {{app}} 上的公司 {{company}}。\n\n打开以下链接设置姓名和密码（或用你已有的账号加入），链接 {{days}} 天内有效，只能使用一次：\n{{link}}\n\n如果你不认识对方，请忽略这封邮件。',
  },
  rfq: {
    mailSubject: '【{{app}}】新询价：{{pol}} → {{to}}（{{company}}）',
    mailBody:
      '您好，\n\n{{company}} 就您的以下运价询价：\n航线：{{pol}} → {{pod}} → {{to}}\n船公司：{{carrier}}\n运价：{{rate}}\n货好日期：{{ready_date}}\n品名：{{description}}\n箱型及数量：{{booking_space}}\n目标价：{{target_rate}}\n潜在货量：{{potential_vol}}\n询价联系人：{{sales}}\n\n询价方：{{company}}\n联系人：{{linkman}}\n电话：{{phone}}\n邮箱：{{email}}\n\n直接回复本邮件即可答复询价方。在平台中查看此询价、标记为已报价或已关闭：\n{{link}}',
  },
  pdf: {
    title: { 'booking-note': '订舱委托书', confirmation: '放舱通知', si: '补料（提单草稿）' },
    subtitle: '委托编号 {{order_no}} · {{mode}} · 状态：{{status}}',
    footer: '{{app}} 生成于 {{time}}（UTC）',
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
    noNotify: '同收货人',
  },
} as const;
