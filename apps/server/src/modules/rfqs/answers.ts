import {
  PARSE_OPTIONS,
  type ReceivedRfq,
  type RfqAnswerAction,
  rfqAnswerInput,
  rfqAnswerIssues,
  type RfqStatus,
  rfqStatusInput,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { raiseEvent } from '../events/service.js';
import { findRfqPage, lockReceivedRfq, updateRfqStatus } from './repo.js';
import {
  getReceivedRfq,
  parseContainers,
  type Stored,
  type StoredAnswer,
  type RfqContext,
} from './service.js';

/*
 * The forwarder's side of an RFQ: marking it quoted or closed, and answering it in the portal. Each
 * change tells the requester's people and queues their mails in its own transaction.
 */

/** What the requester's side is told of a change by the forwarder, and mailed in its transaction. */
export type RfqAnswerMail = { rfqId: number; requesterId: number; action: RfqAnswerAction };
type QueueAnswerMail = (tx: Db, mail: RfqAnswerMail) => Promise<void>;

/**
 * Within the change's transaction: tells the requester's people (notification rows) that their RFQ
 * was answered or closed, and queues their mails. The label is the route as the requester sent it.
 */
async function tellRequester(
  tx: Db,
  { context, queueMail }: { context: RfqContext; queueMail: QueueAnswerMail },
  rfq: { id: number; requesterId: number },
  action: RfqAnswerAction,
): Promise<void> {
  const { rows } = await findRfqPage(tx, rfq.requesterId, { page: 1, size: 1 }, rfq.id);
  const request = rows[0] ? (JSON.parse(rows[0].payload) as Stored) : {};
  const label = `${String(request.pol ?? '')} → ${String(request.to ?? '')}`;
  await raiseEvent(
    tx,
    { personId: context.personId ?? null },
    { kind: 'rfq-answer', rfq: { id: rfq.id, requesterId: rfq.requesterId, label, action } },
  );
  await queueMail(tx, { rfqId: rfq.id, requesterId: rfq.requesterId, action });
}

/**
 * Marks an RFQ addressed to the forwarder quoted or closed; any other answers 404. A change of
 * status is told to the requester's people (a mark that changes nothing tells no one).
 */
export async function markReceivedRfq(options: {
  db: Db;
  context: RfqContext;
  id: number;
  input: unknown;
  queueMail: QueueAnswerMail;
}): Promise<ReceivedRfq> {
  const parsed = rfqStatusInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const status: RfqStatus = parsed.data.status;
  await options.db.transaction(async (tx) => {
    const current = await lockReceivedRfq(tx, options.context.companyId, options.id);
    if (!current) throw new AppError(404, 'errors.notFound');
    if (current.status === status) return;
    await updateRfqStatus(tx, options.context.companyId, options.id, status);
    await tellRequester(tx, options, current, status === 'quoted' ? 'quote' : 'close');
  });
  return getReceivedRfq(options);
}

/**
 * The forwarder answers in the portal: a price per container type of the request's quote, how
 * long they hold, remarks. Stored with the RFQ (it becomes "quoted"; a later answer replaces the
 * earlier one), told to the requester's people, and mailed to them by their preference in the
 * same transaction. A closed request is not answered (409); any other forwarder's answers 404.
 */
export async function answerReceivedRfq(options: {
  db: Db;
  context: RfqContext;
  id: number;
  input: unknown;
  now?: Date;
  queueMail: QueueAnswerMail;
}): Promise<ReceivedRfq> {
  const parsed = rfqAnswerInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const input = parsed.data;
  await options.db.transaction(async (tx) => {
    const current = await lockReceivedRfq(tx, options.context.companyId, options.id);
    if (!current) throw new AppError(404, 'errors.notFound');
    if (current.status === 'closed') throw new AppError(409, 'rfq.closedCannotAnswer');
    const containerIds = parseContainers(current.containers).map((c) => c.container_id);
    const issues = rfqAnswerIssues(input, containerIds, options.now);
    const first = issues[0];
    if (first)
      throw new AppError(
        400,
        first.key,
        {},
        issues.map(({ field, key }) => ({ field, key })),
      );
    const answer: StoredAnswer = {
      prices: input.prices.map((line) => ({ container_id: line.container_id, price: line.price })),
      valid_until: input.valid_until,
      remarks: input.remarks,
      answered_at: new Date().toISOString(),
    };
    await updateRfqStatus(tx, options.context.companyId, options.id, 'quoted', JSON.stringify(answer));
    await tellRequester(tx, options, current, 'quote');
  });
  return getReceivedRfq(options);
}
