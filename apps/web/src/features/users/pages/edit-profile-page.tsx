import { MSG, mustUpdateFicha } from '@arandu/shared';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { isEditProfileFlow } from '../../../lib/edit-profile-flag';
import { useUserFormData } from '../api/get-form-data';
import { useProfile } from '../api/get-user';
import { UserForm } from '../components/user-form';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

/**
 * '/pages/account/edit-profile': the own ficha in profile mode. Reached from the enrolment list (local flag
 * `editProfile`), saving goes on to the subject-inscription form; otherwise back to 'Mi Perfil'.
 */
export function EditProfilePage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const formData = useUserFormData();
  const flow = isEditProfileFlow();

  useLoadErrorToast(profile.error, MSG.userLoadFailed);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  if (!profile.data || !formData.data) return <PageLoader />;
  const user = profile.data;
  return (
    <UserForm
      mode="profile"
      user={user}
      formData={formData.data}
      title="Editar Perfil"
      description="Mantenga su ficha al día: la facultad la usa para contactarle."
      banner={(flow && user.esAlumno) || mustUpdateFicha(user)}
      onSaved={() => void navigate(flow ? paths.studentSubjects.inscriptionForm : paths.account.myProfile)}
      onCancel={() => void navigate(flow ? paths.studentSubjects.list : paths.account.myProfile)}
    />
  );
}
