// The inbound-email feature's public face: the forwarding address and the review inbox of
// forwarded employer emails (route: /applications/inbox).
export { InboundAddressCard } from './components/inbound-address-card'
export { ReviewInbox } from './components/review-inbox'
