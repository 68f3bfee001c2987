// The redaction of logs and error reports lives in @gas/contracts
// (segreti.ts): the web app cleans its reports with it before they leave the
// browser (to the inbox and to Sentry), the server cleans logs, reports and
// its own Sentry events.
export { senzaSegreti } from '@gas/contracts';
