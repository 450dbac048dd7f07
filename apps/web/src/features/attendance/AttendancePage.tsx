import { roleOf, useMe } from '../../lib/session';
import { EmployeeAttendance } from './EmployeeAttendance';
import { ManagerAttendance } from './ManagerAttendance';

/** /company/attendance: the employee's clock and own grid, or the manager's grids and overview. */
export default function AttendancePage() {
  const me = useMe();
  return roleOf(me) === 'employee' ? <EmployeeAttendance /> : <ManagerAttendance />;
}
