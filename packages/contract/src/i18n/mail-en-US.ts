import type { MailMessages } from './types.js';

/** The e-mails in English: the same keys as mail-zh-CN.ts (its type is derived from that file). */
export const enUSMail: MailMessages = {
  booking: {
    mailSubject: '[{{app}}] Booking {{order_no}}: {{headline}}',
    mailBody:
      'Hello,\n\n{{sentence}}\n\nRoute: {{route}}\nStatus now: {{status}}\n{{details}}\nOpen the booking:\n{{link}}',
    mailNoStatus: 'new booking',
    mailHeadline: {
      submit: 'new booking to accept',
      accept: 'accepted by the forwarder',
      release: 'space released, shipping instructions due',
      request: 'shipping instructions received',
      confirm: 'shipping instructions confirmed',
      ship: 'shipped',
      cancel: 'cancelled by the customer',
      void: 'voided by the forwarder',
    },
    mailSentence: {
      submit: '{{actor}} has submitted booking {{order_no}} to you. Please accept it and release space.',
      accept: '{{actor}} has accepted your booking {{order_no}}. You will hear again once space is released.',
      release:
        '{{actor}} has released space for your booking {{order_no}}. Please submit the shipping instructions before the cut-off.',
      request:
        '{{actor}} has submitted the shipping instructions of booking {{order_no}}. Please check and confirm them.',
      confirm:
        '{{actor}} has confirmed the shipping instructions of your booking {{order_no}}; it now awaits shipment.',
      ship: 'Your booking {{order_no}} has been shipped.',
      cancel: '{{actor}} has cancelled booking {{order_no}}.',
      void: '{{actor}} has voided your booking {{order_no}}.',
    },
  },
  account: {
    mail: {
      passwordChangedSubject: '[{{app}}] Your password was changed',
      passwordChangedBody:
        'Hello,\n\nThe password of {{app}} account {{email}} was changed at {{time}} ({{zone}}), and every other session of the account was ended.\n\nIf this was not you, reset your password at once with “Forgot password?” and tell the administrator of {{app}}.',
      resetSubject: '[{{app}}] Your password reset code',
      resetBody:
        'Hello,\n\nYou asked to reset the password of {{app}} account {{email}}. Your code: {{code}}\nThe code is valid for {{minutes}} minutes and can be used once.\n\nOr open this link to set a new password (valid for {{link_minutes}} minutes, once):\n{{link}}\n\nIf this was not you, ignore this email; your password stays as it is.',
    },
  },
  company: {
    inviteSubject: '[{{app}}] {{inviter}} of {{company}} invites you to join',
    inviteBody:
      'Hello,\n\n{{inviter}} ({{inviter_email}}) of the company {{company}} invites you to join {{company}} on {{app}} as {{role}}. {{app}} sends this e-mail for them; the names are as they typed them.\n\nOpen this link to set your name and password (or to join with the login you already have). It is valid for {{days}} days and works once:\n{{link}}\n\nIf you do not know the sender, ignore this e-mail.',
  },
  webhooks: {
    disabledSubject: '[{{app}}] Webhook endpoint disabled: {{url}}',
    disabledBody:
      'Hello,\n\nThe webhook endpoint {{url}} of {{company}} failed {{count}} times in a row and has been disabled. Events are no longer sent to it; those still waiting are kept.\n\nThe last error: {{error}}\n\nFix the receiver, then enable the endpoint again on the Webhooks page:\n{{link}}',
  },
  rfq: {
    answeredSubject: '[{{app}}] Your request for quotation was answered: {{route}}',
    answeredBody:
      'Hello,\n\nThe forwarder has answered your request for quotation ({{route}}, carrier {{carrier}}).\n\nPrices (USD):\n{{prices}}\nValid until: {{valid_until}}\nRemarks: {{remarks}}\n\nSee the answer and book from it:\n{{link}}',
    quotedSubject: '[{{app}}] Your request for quotation was quoted: {{route}}',
    quotedBody:
      'Hello,\n\nThe forwarder has quoted on your request for quotation ({{route}}, carrier {{carrier}}); the price was sent to you by e-mail or another way.\n\nSee the request:\n{{link}}',
    closedSubject: '[{{app}}] Your request for quotation was closed: {{route}}',
    closedBody:
      'Hello,\n\nThe forwarder has closed your request for quotation ({{route}}, carrier {{carrier}}) and will not follow it up. You can send a new request from the quotes page.\n\nSee the request:\n{{link}}',
    mailNoPrices: '(not given in the portal)',
    mailNoRemarks: 'none',
    mailSubject: '[{{app}}] New request for quotation: {{pol}} → {{to}} ({{company}})',
    mailBody:
      'Hello,\n\n{{company}} asks for a quotation on this rate of yours:\nRoute: {{pol}} → {{pod}} → {{to}}\nCarrier: {{carrier}}\nRate: {{rate}}\nCargo ready: {{ready_date}}\nCommodity: {{description}}\nContainers: {{booking_space}}\nTarget rate: {{target_rate}}\nPotential volume: {{potential_vol}}\nContact for this request: {{sales}}\n\nRequester: {{company}}\nContact person: {{linkman}}\nPhone: {{phone}}\nE-mail: {{email}}\n\nReply to this e-mail to answer the requester directly. To see the request in the portal and mark it quoted or closed:\n{{link}}',
  },
  mailPrefs: {
    footer:
      '\n--\nYou receive this e-mail because of your e-mail notifications on {{app}}. Change them under My account, or stop e-mails of this kind with one click:\n{{link}}',
    digestSubject: '[{{app}}] Daily digest: {{count}} updates',
    digestBody:
      'Hello,\n\nYour booking and RFQ updates since the last digest:\n\n{{lines}}\n\nSign in to see them:\n{{link}}',
    digestLine: '{{time}}  Booking {{order_no}}: {{event}} ({{from}} → {{to}})',
    digestRfqLine: '{{time}}  RFQ {{order_no}}: {{event}}',
    digestFooter:
      '\n--\nYou receive this digest because of your e-mail notifications on {{app}}. Change them under My account, or stop all notification e-mails with one click:\n{{link}}',
    event: {
      submit: 'new booking',
      accept: 'accepted',
      release: 'space released',
      request: 'shipping instructions submitted',
      confirm: 'shipping instructions confirmed',
      ship: 'shipped',
      cancel: 'cancelled by the customer',
      void: 'voided by the forwarder',
      rfq_quote: 'RFQ quoted',
      rfq_close: 'RFQ closed',
    },
  },
};
