// The admin screens, loaded in their own chunk (see app/router.tsx). Placeholders until the
// admin issue builds them.
export const AdminMenuScreen = () => <h1>Administration</h1>;
export const ProjectEditorScreen = () => <h1>Projets</h1>;
export const ProjectTypeEditorScreen = () => <h1>Types de projet</h1>;
export const CategoryEditorScreen = () => <h1>Catégories</h1>;
export const SubTypeEditorScreen = () => <h1>Sous-types</h1>;
export const UserEditorScreen = () => <h1>Usagers</h1>;
export const LoginScreen = () => <h1>Connexion</h1>;
