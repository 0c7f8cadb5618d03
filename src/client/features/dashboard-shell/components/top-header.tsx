import { LanguageMenu } from '../../../components/ui/language-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { PopupsToggle } from './popups-toggle.tsx';
import { SearchBox } from './search-box.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopHeader({ email }: { email: string }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-1.5 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-4 sm:px-6">
      <MobileMenu />
      <div className="min-w-0 flex-1">
        <SearchBox />
      </div>
      <PopupsToggle />
      {/* On a phone the search box needs the room: the languages are in the account menu. */}
      <div className="hidden sm:contents">
        <LanguageMenu />
      </div>
      <UserMenu email={email} />
    </header>
  );
}
