/** Public page `/chat-policy`: acceptable use, recording, UPSI, WhatsApp-linked channels, reporting. */
import { Link } from 'react-router';
import { useBrand } from '../../app/appConfig';
import { InfoPage, type InfoSection } from './InfoPage';

function sections(brand: string): InfoSection[] {
  return [
    {
      id: 'scope',
      title: 'What this policy covers',
      icon: 'chat',
      paragraphs: [
        `Every conversation on ${brand}: direct chats, groups, trading groups and broadcast lists, the files shared in them, and channels linked to WhatsApp. It applies to every user, alongside your firm’s own communication policy and the conduct rules that bind you as a market participant.`,
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      icon: 'endorsed',
      points: [
        'Use chat for business: runs, quotes, negotiation, settlement coordination and support.',
        'Quote honestly. Do not post quotes you do not intend to honour or spread misleading information about a bond, an issuer or market interest; that can amount to a fraudulent or unfair trade practice under SEBI’s regulations.',
        'No spam, harassment, threats, or abusive or discriminatory language.',
        'Send broadcast lists only to counterparties who have agreed to receive your runs. If someone declines an invitation to a group, do not keep re-inviting them.',
        'Never share passwords, one-time passwords or exchange credentials, and share clients’ personal details (PAN, bank or demat account details) only when settlement requires it.',
        'Share only documents you are entitled to share, and only files that relate to the business at hand.',
      ],
    },
    {
      id: 'recording',
      title: 'Recording and retention',
      icon: 'record',
      paragraphs: [
        'Chats are recorded. Messages and files are stored with their sender, channel and time, and are retained for as long as the operator of the service and your firm’s regulatory record-keeping obligations require.',
      ],
      points: [
        'Compliance officers review chats as part of market surveillance, together with the quotes, negotiations and trades they relate to.',
        'Your firm can export the history of a channel for a date range for its own records or for a regulator’s request.',
        'Assume that everything you send is kept, even if it no longer appears in your chat list.',
      ],
      note: {
        intent: 'warning',
        title: 'Write as if compliance is reading',
        text: 'Treat every message as one that your compliance officer, an exchange or SEBI may read later.',
      },
    },
    {
      id: 'upsi',
      title: 'No unpublished price-sensitive information',
      icon: 'disable',
      paragraphs: [
        'Under the SEBI (Prohibition of Insider Trading) Regulations, 2015, unpublished price-sensitive information (UPSI) about an issuer or its securities may be communicated only for legitimate purposes, the performance of duties or the discharge of legal obligations. Chat with counterparties is none of these.',
      ],
      points: [
        'Examples: financial results before they are published, a rating action before the agency announces it, a delay or default in paying interest or principal that has not been disclosed, or a planned fund-raise, merger or restructuring.',
        'Do not share, ask for or trade on such information.',
        'A rating rationale the agency has published is public information; a rating change you hear about before it is published is not.',
        'If you receive UPSI by mistake, do not act on it or forward it. Tell your compliance officer straight away.',
      ],
    },
    {
      id: 'whatsapp',
      title: 'WhatsApp-linked channels',
      icon: 'mobile-phone',
      paragraphs: [
        `Some channels relay messages between ${brand} and WhatsApp, for counterparties who have consented to be contacted on WhatsApp.`,
      ],
      points: [
        `Messages in a linked channel are recorded on ${brand} like any other chat, and this policy applies to them in full.`,
        'In a linked channel, only the operator’s staff see the names of the participants on WhatsApp; other members see a service label in their place.',
        'Once delivered to WhatsApp, a message is subject to WhatsApp’s terms and stays on the recipient’s device. It cannot be recalled.',
        'Never use a linked channel for credentials, personal data or anything confidential.',
        'You may withdraw your consent to WhatsApp contact at any time through support or your relationship manager.',
      ],
    },
    {
      id: 'moderation',
      title: 'Channel admins, mutes and bans',
      icon: 'people',
      points: [
        'The creator of a group or trading group is its first admin; admins invite members and can mute or remove them.',
        'The operator may mute or ban a user, close a channel, or suspend an account that breaches this policy, and may inform the user’s firm or a regulator where the law requires it.',
      ],
    },
    {
      id: 'reporting',
      title: 'Reporting abuse',
      icon: 'flag',
      points: [
        'Report abusive or suspicious messages through the in-app support form once signed in, choosing the “issue” type. Give the channel, the time and a short description; attach a screenshot if it helps.',
        'Report suspected market abuse — manipulation or misuse of UPSI — to your firm’s compliance officer as well.',
        'SEBI also accepts reports of suspected insider trading through the informant mechanism of the Insider Trading Regulations.',
        'Do not argue in the channel: mute it or leave, and report it.',
      ],
      note: {
        text: <>For habits that keep negotiations clear, see the <Link to="/best-practices">desk best practices</Link>.</>,
      },
    },
  ];
}

/** The chat policy: what chat may be used for and how it is recorded. */
export function ChatPolicyPage() {
  const brand = useBrand();
  return (
    <InfoPage
      path="/chat-policy"
      title="Chat policy"
      intro={`How chat on ${brand} may be used, how it is recorded for compliance surveillance, and how to report abuse.`}
      sections={sections(brand)}
    />
  );
}
