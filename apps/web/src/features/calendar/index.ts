// The calendar feature's public face: the private interview feed and the list of interviews
// with their `.ics` files (route: /applications/calendar).
export { CalendarFeedCard } from './components/calendar-feed-card'
export { UpcomingInterviews } from './components/upcoming-interviews'
