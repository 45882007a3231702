/**
 * Server-only messages: the e-mails the portal sends, in Chinese (mail-en-US.ts: in English). They
 * are kept out of the shared catalogs (zh-CN.ts, en-US.ts) because the web bundles those, and merged
 * with them for the server's translate() (index.ts). The PDF documents' labels: pdf-zh-CN.ts.
 */
export const zhCNMail = {
  booking: {
    mailSubject: '【{{app}}】订舱 {{order_no}}：{{headline}}',
    mailBody:
      '您好：\n\n{{sentence}}\n\n航线：{{route}}\n当前状态：{{status}}\n{{details}}\n查看订舱：\n{{link}}',
    mailNoStatus: '新订舱',
    /** what happened, as the subject says it */
    mailHeadline: {
      submit: '新订舱待受理',
      accept: '货代已受理',
      release: '已放舱，请提交补料',
      request: '客户已提交补料',
      confirm: '补料已确认',
      ship: '已出运',
      cancel: '客户已取消订舱',
      void: '货代已作废订舱',
    },
    /** what happened, in a sentence */
    mailSentence: {
      submit: '{{actor}}向您提交了订舱 {{order_no}}，请受理并安排放舱。',
      accept: '{{actor}}已受理您的订舱 {{order_no}}，放舱后会再通知您。',
      release: '{{actor}}已为您的订舱 {{order_no}} 放舱，请在截单时间前提交补料。',
      request: '{{actor}}已提交订舱 {{order_no}} 的补料，请核对并确认。',
      confirm: '{{actor}}已确认您的订舱 {{order_no}} 的补料，等待出运。',
      ship: '您的订舱 {{order_no}} 已出运。',
      cancel: '{{actor}}取消了订舱 {{order_no}}。',
      void: '{{actor}}作废了您的订舱 {{order_no}}。',
    },
  },
  account: {
    mail: {
      passwordChangedSubject: '【{{app}}】您的密码已修改',
      passwordChangedBody:
        '您好，\n\n{{app}} 账号 {{email}} 的密码已于 {{time}}（{{zone}}）修改，其他设备上的登录已全部退出。\n\n如果这不是您本人的操作，请立即通过“忘记密码”重置密码，并联系 {{app}} 的管理员。',
      resetSubject: '【{{app}}】密码重置验证码',
      resetBody:
        '您好，\n\n您正在重置 {{app}} 账号 {{email}} 的密码。验证码：{{code}}\n验证码 {{minutes}} 分钟内有效，仅可使用一次。\n\n也可以打开以下链接直接设置新密码（{{link_minutes}} 分钟内有效，仅可使用一次）：\n{{link}}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    },
  },
  company: {
    inviteSubject: '【{{app}}】{{company}} 的 {{inviter}} 邀请你加入',
    inviteBody:
      '你好：\n\n公司 {{company}} 的 {{inviter}}（{{inviter_email}}）邀请你以“{{role}}”的身份加入 {{app}} 上的公司 {{company}}。本邮件由 {{app}} 代为发送，其中的名称均由对方填写。\n\n打开以下链接设置姓名和密码（或用你已有的账号加入），链接 {{days}} 天内有效，只能使用一次：\n{{link}}\n\n如果你不认识对方，请忽略这封邮件。',
  },
  webhooks: {
    disabledSubject: '【{{app}}】Webhook 端点已停用：{{url}}',
    disabledBody:
      '您好，\n\n{{company}} 的 Webhook 端点 {{url}} 已连续失败 {{count}} 次，现已停用。之后的事件不再发送到该端点，尚在等待的事件会保留。\n\n最后一次错误：{{error}}\n\n请修复接收端后，在 Webhook 页面重新启用该端点：\n{{link}}',
  },
  rfq: {
    answeredSubject: '【{{app}}】您的询价已有报价：{{route}}',
    answeredBody:
      '您好：\n\n货代已答复您的询价（{{route}}，船公司 {{carrier}}）。\n\n报价（美元）：\n{{prices}}\n有效期至：{{valid_until}}\n备注：{{remarks}}\n\n查看报价并据此订舱：\n{{link}}',
    quotedSubject: '【{{app}}】您的询价已报价：{{route}}',
    quotedBody:
      '您好：\n\n货代已就您的询价（{{route}}，船公司 {{carrier}}）报价，报价已通过邮件或其他方式发给您。\n\n查看询价：\n{{link}}',
    closedSubject: '【{{app}}】您的询价已关闭：{{route}}',
    closedBody:
      '您好：\n\n货代已关闭您的询价（{{route}}，船公司 {{carrier}}），不再跟进。如仍有需要，可在运价查询中重新询价。\n\n查看询价：\n{{link}}',
    mailNoPrices: '（未在平台中给出）',
    mailNoRemarks: '无',
    mailSubject: '【{{app}}】新询价：{{pol}} → {{to}}（{{company}}）',
    mailBody:
      '您好，\n\n{{company}} 就您的以下运价询价：\n航线：{{pol}} → {{pod}} → {{to}}\n船公司：{{carrier}}\n运价：{{rate}}\n货好日期：{{ready_date}}\n品名：{{description}}\n箱型及数量：{{booking_space}}\n目标价：{{target_rate}}\n潜在货量：{{potential_vol}}\n询价联系人：{{sales}}\n\n询价方：{{company}}\n联系人：{{linkman}}\n电话：{{phone}}\n邮箱：{{email}}\n\n直接回复本邮件即可答复询价方。在平台中查看此询价、标记为已报价或已关闭：\n{{link}}',
  },
  mailPrefs: {
    footer:
      '\n--\n您收到此邮件，是因为您在{{app}}的邮件通知设置。请在“我的账号”中修改，或一键退订此类邮件：\n{{link}}',
    digestSubject: '【{{app}}】每日摘要：{{count}} 条动态',
    digestBody: '您好：\n\n以下是自上次摘要以来您的订舱和询价动态：\n\n{{lines}}\n\n登录平台查看：\n{{link}}',
    digestLine: '{{time}}  订舱 {{order_no}}：{{event}}（{{from}} → {{to}}）',
    digestRfqLine: '{{time}}  询价 {{order_no}}：{{event}}',
    digestFooter:
      '\n--\n您收到此摘要，是因为您在{{app}}的邮件通知设置。请在“我的账号”中修改，或一键退订全部通知邮件：\n{{link}}',
    event: {
      submit: '新订舱',
      accept: '已接受',
      release: '已放舱',
      request: '已提交补料',
      confirm: '补料已确认',
      ship: '已出运',
      cancel: '客户已取消',
      void: '货代已作废',
      rfq_quote: '询价已报价',
      rfq_close: '询价已关闭',
    },
  },
} as const;
