import { useState } from 'react';
import { CalendarSearch, RefreshCw } from 'lucide-react';
import { expiryBand } from '../../../../shared/check-rules.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import type { PublicEndpoint, PublicNumber } from '../../../../shared/sharing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyAction } from '../../../components/ui/copy-action.tsx';
import { LatestCodeBanner, PublicMessageList } from '../../../components/ui/public-messages.tsx';
import { cn } from '../../../lib/cn.ts';
import { daysLeftLabel, expiryChipClass, expiryIcon, formatEndDate } from '../../../lib/expiry.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { withPublicMessage, type PublicEvent } from '../../../lib/public-events.ts';
import { useNow } from '../../../lib/use-now.ts';
import { expectCode, type PublicShareStart } from '../api/public-share.ts';
import { PublicShareView, type AppliedEvent } from './public-share-view.tsx';

/** Puts a live message into the number; a code is announced when it is the newest. */
function applyEvent(data: PublicEndpoint, e: PublicEvent): AppliedEvent<PublicEndpoint> {
  if (data.number.id !== e.numberId) return { data, announce: null };
  const number = withPublicMessage(data.number, e);
  if (number === data.number) return { data, announce: null };
  // Newest: a burst may arrive in any order.
  const newest = number.messages[0]?.id === e.id;
  return {
    data: { ...data, number },
    announce: newest && e.code ? translate('share.single.newCode', { code: e.code }) : null,
  };
}

/**
 * /single/{hash}: one number for anyone with the link, built for a phone: the newest code large at
 * the top, the number with Copy Number and Copy +1 (both tell the server a code is about to be
 * sent), the end date on demand, and the recent messages, kept live by the endpoint's stream.
 */
export function SingleEndpointView({
  hash,
  start,
}: {
  hash: string;
  /** The server's answer this page was rendered from (a server-rendered page). */
  start?: PublicShareStart<PublicEndpoint> | undefined;
}) {
  const t = useT();
  return (
    <PublicShareView
      kind="single"
      hash={hash}
      start={start}
      text={{
        notFoundTitle: t('share.single.notFoundTitle'),
        notFoundMessage: t('share.single.notFoundText'),
        loading: t('share.single.loading'),
        failed: t('share.single.failed'),
      }}
      applyEvent={applyEvent}
      render={(data, refresh) => (
        <EndpointBody data={data} onRefresh={refresh} onCopied={() => expectCode('single', hash)} />
      )}
    />
  );
}

function EndpointBody({
  data,
  onRefresh,
  onCopied,
}: {
  data: PublicEndpoint;
  onRefresh: () => Promise<void>;
  onCopied: () => void;
}) {
  const t = useT();
  const now = useNow();
  const n = data.number;
  const formatted = formatPhone(n.phoneNumber);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {data.name}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('share.single.subtitle')}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw
            aria-hidden="true"
            className={cn('size-4', refreshing && 'animate-spin motion-reduce:animate-none')}
          />
          {refreshing ? t('share.single.refreshing') : t('share.single.refresh')}
        </Button>
      </div>

      <LatestCodeBanner messages={n.messages} now={now} formatted={formatted} />

      <section
        aria-label={t('share.single.number')}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-3">
          <p
            className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
            data-testid="endpoint-number"
          >
            {formatted}
          </p>
          <Badge tone={n.isActive ? 'green' : 'grey'}>
            {n.isActive ? t('share.single.active') : t('share.number.inactive')}
          </Badge>
        </div>
        <div className="mt-3 grid gap-2 sm:flex">
          <CopyAction text={n.phoneNumber} variant="primary" onCopied={onCopied}>
            {t('share.number.copyNumber')}
          </CopyAction>
          <CopyAction text={`+1${n.phoneNumber}`} onCopied={onCopied}>
            {t('share.single.copyWithCountry', { number: `+1${n.phoneNumber}` })}
          </CopyAction>
        </div>
      </section>

      <ExpirySection number={n} onCheck={onRefresh} />

      <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <PublicMessageList
          messages={n.messages}
          now={now}
          formatted={formatted}
          heading={t('share.single.recentMessages', { count: n.messages.length })}
        />
      </section>
    </div>
  );
}

/** 'Expiry Date' with 'Check Date': fetches the endpoint again and shows its end date. */
function ExpirySection({
  number: n,
  onCheck,
}: {
  number: PublicNumber;
  onCheck: () => Promise<void>;
}) {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      await onCheck();
      setChecked(true);
    } finally {
      setChecking(false);
    }
  };

  const days = n.endDate ? n.daysLeft : null;
  const band = expiryBand(days);
  const Icon = expiryIcon[band];
  return (
    <section
      aria-labelledby="expiry-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="expiry-heading" className="text-base font-semibold text-slate-900">
          {t('share.single.expiryDate')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void check()} disabled={checking}>
          <CalendarSearch aria-hidden="true" className="size-4" />
          {checking ? t('share.single.checking') : t('share.single.checkDate')}
        </Button>
      </div>
      <div aria-live="polite" data-testid="expiry-result">
        {checked &&
          (n.endDate && days !== null ? (
            <p
              data-band={band}
              className={cn(
                'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
                expiryChipClass[band],
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="font-semibold">{t('share.single.expires')}</span>
              <span>{formatEndDate(n.endDate)}</span>
              <span aria-hidden="true">·</span>
              <span>{daysLeftLabel(t, days)}</span>
            </p>
          ) : (
            <p className="mt-3 text-sm text-slate-600">{t('share.single.noExpiry')}</p>
          ))}
      </div>
    </section>
  );
}
