import { CONTAINER_MODES, PARSE_OPTIONS, shipmentInput } from '@freight/contract';
import { AppError, type FieldIssue, RequestValidationError } from '../../platform/errors.js';
import type { Acting, Authorities, WithMail } from './booking-common.js';
import { shipmentStart } from './reading.js';
import { containerNames, rawLines, saveInstructions } from './repo.js';
import { transition } from './transitions.js';

/**
 * PUT /order/shipment/{id}: the member's shipping instructions, at status 2 only; moves the
 * booking to 3. FCL instructions name the stuffed containers (types that were booked, no more of
 * a type than booked, no number twice); LCL instructions name none.
 */
export function submitShipment(
  options: WithMail & Authorities & Acting & { viewerCompanyId: number; id: number; input: unknown },
) {
  return transition({
    ...options,
    party: 'member',
    action: 'submit_si',
    within: async (tx, row) => {
      const parsed = shipmentInput.safeParse(options.input, PARSE_OPTIONS);
      if (!parsed.success) throw new RequestValidationError(parsed.error);
      const si = parsed.data;
      // A B/L type or freight term left out is the booking's, as the SI form starts from it.
      const start =
        si.bl_type === undefined || si.freight_term === undefined
          ? (await shipmentStart(tx, options.viewerCompanyId, row.id, 'en-US')).prefill
          : null;
      if (row.containerMode === CONTAINER_MODES.lcl && si.containers.length > 0)
        throw new AppError(400, 'booking.siNoContainers', {}, [{ field: 'containers' }]);
      if (row.containerMode === CONTAINER_MODES.fcl) {
        if (si.containers.length === 0)
          throw new AppError(400, 'booking.siAddContainer', {}, [{ field: 'containers' }]);
        const booked = new Map<number, number>();
        for (const line of await rawLines(tx, row.id))
          if (line.containerId !== null)
            booked.set(line.containerId, (booked.get(line.containerId) ?? 0) + line.quantity);
        const names = await containerNames(tx, [...booked.keys()]);
        const used = new Map<number, number>();
        const numbers = new Set<string>();
        const bad: FieldIssue[] = [];
        si.containers.forEach((c, i) => {
          const max = booked.get(c.container_id);
          const count = (used.get(c.container_id) ?? 0) + 1;
          used.set(c.container_id, count);
          if (max === undefined)
            bad.push({ field: `containers.${i}.container_id`, key: 'validation.invalidValue' });
          else if (count > max)
            bad.push({
              field: `containers.${i}.container_id`,
              key: 'booking.siTooManyContainers',
              params: { container: names.get(c.container_id) ?? '', max },
            });
          if (numbers.has(c.container_no))
            bad.push({
              field: `containers.${i}.container_no`,
              key: 'booking.siDuplicateContainer',
              params: { value: c.container_no },
            });
          numbers.add(c.container_no);
        });
        const first = bad[0];
        if (first) throw new AppError(400, first.key ?? 'validation.invalidValue', first.params ?? {}, bad);
      }
      await saveInstructions(
        tx,
        {
          bookingId: row.id,
          blShipper: si.bl_shipper,
          blConsignee: si.bl_consignee,
          notifyParty: si.notify_party,
          blIssuer: si.bl_issuer,
          originals: si.originals,
          marks: si.marks,
          description: si.description,
          blType: si.bl_type ?? start?.bl_type ?? 'original',
          freightTerm: si.freight_term ?? start?.freight_term ?? 'prepaid',
          remark: si.remark,
          submittedBy: options.viewerCompanyId,
        },
        si.containers.map((c) => ({
          containerId: c.container_id,
          containerNo: c.container_no,
          sealNo: c.seal_no,
          packages: c.packages,
          weight: c.weight,
          vgm: c.vgm,
        })),
      );
    },
  });
}
