/**
 * The roots of the RFQ query keys: the forwarder's received ones and the requester's own. Their own
 * module so that the header's notification stream can refresh RFQ pages without loading them.
 */
export const RECEIVED_RFQS_KEY = 'received-rfqs';
export const MY_RFQS_KEY = 'my-rfqs';
