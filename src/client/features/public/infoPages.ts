/** The six information pages, gathered for the route table (each lives in its own module). */
export { BestPracticesPage } from './BestPracticesPage';
export { ChatPolicyPage } from './ChatPolicyPage';
export { ContactPage } from './ContactPage';
export { DataSecurityPage } from './DataSecurityPage';
export { PrivacyPage } from './PrivacyPage';
export { TermsPage } from './TermsPage';
