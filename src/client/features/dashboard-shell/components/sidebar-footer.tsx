export function SidebarFooter() {
  return (
    <div className="border-t border-white/10 px-4 py-4 text-xs">
      <p className="font-semibold text-white">VOIP Number Manager</p>
      <p className="mt-0.5 text-brand-200">Version 1.0</p>
    </div>
  );
}
