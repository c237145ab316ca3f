export {
  findApplicationId,
  insertApplication,
  recordApplicationEvent,
  saveJobToApplications,
} from './applications.repository.ts'
