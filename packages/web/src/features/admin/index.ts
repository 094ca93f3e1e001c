/** The admin dashboard feature's public entry. */
export { AdminDashboard } from './components/AdminDashboard';
