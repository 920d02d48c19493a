/**
 * The support desk's rules (spec 02 §3, §7-9; spec 01 §3, §7): uploads first, then tickets that
 * claim them; every request type of spec 01 §3 stored as a request with the ticket it opens; the
 * public forms limited per address. A ticket is created at the desk before anything is written, so
 * a refusal there stores nothing; an upload no ticket claims is swept once its TTL has passed.
 */
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_MS } from '../../../shared/constants.js';
import type { LiteRegistration } from '../../../shared/contracts/clients.js';
import type { CreateRequest, RequestView } from '../../../shared/contracts/requests.js';
import {
  SUPPORT_MESSAGES,
  type ContactForm,
  type CreateTicket,
  type TicketView,
  type UploadResult,
} from '../../../shared/contracts/support.js';
import { REQUEST_TYPE_LABELS, type RequestType } from '../../../shared/enums.js';
import { REQUEST_TICKET_TYPES, supportTypeOf, ticketTypeId, type SupportType } from '../../../shared/support/ticketTypes.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { countRequestsFromAddress, insertRequest } from '../requests/requests.js';
import { contentMatches, isAllowedType } from './fileContent.js';
import type { SupportDesk } from './supportDesk.js';
import {
  fileUrlOf,
  findClaimableFile,
  findFileByToken,
  insertFile,
  sweepOrphanFiles,
  tokenOfFileUrl,
  type StoredFile,
} from './supportFiles.js';
import { insertTicket, listTickets, ticketView } from './supportTickets.js';
import { requesterOf } from './requester.js';

export interface SupportServiceDeps {
  db: Db;
  clock: Clock;
  desk: SupportDesk;
  /** Ticket type ids are the raw ids in dev mode, the external ids otherwise (spec 02 §3). */
  devMode: boolean;
}

export interface Upload {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/** Who a ticket is from: a signed-in user, or the contact typed into a public form. */
type Origin = { principal: Principal } | { contact: { email: string } & Record<string, unknown> };

interface TicketDraft {
  origin: Origin;
  supportType: SupportType;
  formName: string;
  content: string;
  extraData: Record<string, unknown>;
  file?: StoredFile;
  request?: { type: RequestType; message: string | null; context: Record<string, unknown> };
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export function createSupportService({ db, clock, desk, devMode }: SupportServiceDeps) {
  /** Creates the ticket at the desk, then stores it (and its request) in one transaction. */
  async function file(draft: TicketDraft): Promise<{ ticketId: number; request: RequestView | null }> {
    const owner =
      'principal' in draft.origin
        ? { clientId: draft.origin.principal.clientId, userId: draft.origin.principal.userId, contact: null }
        : { clientId: null, userId: null, contact: draft.origin.contact };
    const requesterEmail =
      'principal' in draft.origin ? (await requesterOf(db, draft.origin.principal.userId)).email : draft.origin.contact.email;
    const typeId = ticketTypeId(draft.supportType, devMode);
    const { ref } = await desk.createTicket({
      ticketTypeId: typeId,
      title: draft.formName,
      description: draft.content,
      requesterEmail,
      extraData: draft.extraData,
      fileUrl: draft.file ? fileUrlOf(draft.file.token) : null,
    });
    const createdAt = clock.now();
    return db.transaction(async (tx) => {
      const request = draft.request
        ? await insertRequest(tx, {
            ...owner,
            requestType: draft.request.type,
            message: draft.request.message,
            context: draft.request.context,
            createdAt,
          })
        : null;
      const ticketId = await insertTicket(tx, {
        ...owner,
        supportType: draft.supportType,
        ticketTypeId: typeId,
        formName: draft.formName,
        content: draft.content,
        extraData: draft.extraData,
        requestId: request?.id ?? null,
        fileId: draft.file?.id ?? null,
        deskRef: ref,
        createdAt,
      });
      return { ticketId, request };
    });
  }

  /** A request of spec 01 §3 as a ticket draft: its label names the form, its type picks the ticket type. */
  const requestDraft = (origin: Origin, type: RequestType, message: string | null, context: Record<string, unknown>): TicketDraft => ({
    origin,
    supportType: REQUEST_TICKET_TYPES[type],
    formName: REQUEST_TYPE_LABELS[type],
    content: message ?? REQUEST_TYPE_LABELS[type],
    extraData: { request_type: type, ...context },
    request: { type, message, context },
  });

  /** The public forms take a few requests per address per window (counted on the clock). */
  async function checkAddressLimit(email: string): Promise<void> {
    const since = new Date(clock.now().getTime() - PUBLIC_FORM_WINDOW_MS);
    if ((await countRequestsFromAddress(db, email, since)) >= PUBLIC_FORM_LIMIT) {
      throw new AppError('RATE_LIMITED', 'Too many requests from this e-mail address. Please try again in an hour.');
    }
  }

  return {
    deskName: desk.name,

    /** Stores an attachment of the caller (allowed type, matching content) and sweeps expired orphans. */
    async upload(principal: Principal, upload: Upload): Promise<UploadResult> {
      if (!isAllowedType(upload.mimeType))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', SUPPORT_MESSAGES.fileType, { file: SUPPORT_MESSAGES.fileType });
      if (upload.content.length === 0 || !contentMatches(upload.mimeType, upload.content))
        throw invalid('file', SUPPORT_MESSAGES.fileContent);
      const now = clock.now();
      const token = await db.transaction(async (tx) => {
        await sweepOrphanFiles(tx, now);
        return insertFile(tx, now, {
          clientId: principal.clientId,
          userId: principal.userId,
          fileName: upload.fileName,
          mimeType: upload.mimeType,
          content: upload.content,
        });
      });
      return { file_url: fileUrlOf(token) };
    },

    /** Deletes the attachments no ticket claimed within their TTL. */
    sweepOrphanFiles: () => sweepOrphanFiles(db, clock.now()),

    /** Creates a ticket from the support form or an issue report, claiming the uploaded file. */
    async createTicket(principal: Principal, input: CreateTicket): Promise<TicketView> {
      const supportType = supportTypeOf(input.ticket_type_id, devMode);
      if (!supportType) throw invalid('ticket_type_id', SUPPORT_MESSAGES.ticketType);
      let attachment: StoredFile | undefined;
      if (input.file_url) {
        const token = tokenOfFileUrl(input.file_url);
        attachment = token ? await findClaimableFile(db, clock.now(), principal.userId, token) : undefined;
        if (!attachment) throw invalid('file_url', SUPPORT_MESSAGES.fileUnknown);
      }
      const extraData = input.extra_data ?? {};
      const draft: TicketDraft = input.request_type
        ? { ...requestDraft({ principal }, input.request_type, input.content, extraData), supportType, formName: input.form_name }
        : { origin: { principal }, supportType, formName: input.form_name, content: input.content, extraData };
      const { ticketId } = await file({ ...draft, file: attachment });
      return ticketView(db, ticketId);
    },

    /** The caller's tickets; an OpsAdmin sees every ticket of their client. */
    listTickets: (principal: Principal) =>
      listTickets(db, principal.clientId, principal.roles.includes('clientopsadmin') ? undefined : principal.userId),

    /** An attachment, to its uploader and their client's OpsAdmins; anyone else gets 404. */
    async readFile(principal: Principal, token: string): Promise<StoredFile> {
      const stored = await findFileByToken(db, token);
      const mayRead =
        stored &&
        (stored.userId === principal.userId || (stored.clientId === principal.clientId && principal.roles.includes('clientopsadmin')));
      if (!mayRead) throw new AppError('NOT_FOUND');
      return stored;
    },

    /** A signed-in user's request (upgrade walls, access, pricing): stored with the ticket it opens. */
    async fileRequest(principal: Principal, input: CreateRequest): Promise<RequestView> {
      const { request } = await file(requestDraft({ principal }, input.request_type, input.message || null, input.context ?? {}));
      return request!;
    },

    /** The public /contact form: a CONTACT_FORM request and its ticket. */
    async fileContactForm(form: ContactForm): Promise<void> {
      const contact = { ...form, email: form.email.toLowerCase() };
      await checkAddressLimit(contact.email);
      await file(requestDraft({ contact }, 'CONTACT_FORM', form.message, { source: 'contact' }));
    },

    /** The public request-access form (lite registration): a REQUEST_ACCESS lead and its ticket. */
    async fileAccessLead(lead: LiteRegistration): Promise<void> {
      const contact = { ...lead, email: lead.email.toLowerCase() };
      await checkAddressLimit(contact.email);
      await file(requestDraft({ contact }, 'REQUEST_ACCESS', null, { source: 'register-user/lite' }));
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
