import type { BusinessHours } from '@atende/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const allDay = [{ start: '00:00', end: '24:00' }];
const unset: BusinessHours = {
  configured: false,
  time_zone: 'America/Sao_Paulo',
  state: null,
  closed_on_optional_holidays: false,
  weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
  days_off: [],
  upcoming_closed_days: [],
  updated_at: null,
};
const settings = {
  name: 'Demonstração',
  digisac_host: null,
  digisac_token_set: false,
  digisac_token_last4: null,
  max_customer_wait_time_minutes: 30,
  sla_warning_percent: 80,
  updated_at: '2026-03-05T17:30:00Z',
};

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function serve(onPut: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  stubServer({
    '/api/v1/tenants/settings': () => json(settings),
    '/api/v1/tenants/settings/business-hours': async (request) => {
      if (request.method !== 'PUT') return json(unset);
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return onPut(body);
    },
  });
  return bodies;
}

const card = async () => {
  const title = await screen.findByText('Horário de atendimento', {}, { timeout: 5000 });
  return title.closest('section') as HTMLElement;
};

describe('business hours card', () => {
  it('copies a day to all, closes a day, adds a day off and saves the whole schedule', async () => {
    const bodies = serve((body) =>
      json({
        ...unset,
        ...body,
        configured: true,
        upcoming_closed_days: [{ date: '2026-12-24', name: 'Véspera de Natal' }],
        updated_at: '2026-03-06T10:00:00Z',
      }),
    );
    renderApp('/settings');
    const hours = await card();
    const box = within(hours);
    expect(await box.findByText(/Ainda não definido/)).toBeTruthy();

    const monStart = (await box.findByLabelText('Segunda-feira, intervalo 1: início')) as HTMLInputElement;
    fireEvent.change(monStart, { target: { value: '08:00' } });
    fireEvent.change(box.getByLabelText('Segunda-feira, intervalo 1: fim'), { target: { value: '12:00' } });
    fireEvent.click(box.getByRole('button', { name: 'Adicionar intervalo em segunda-feira' }));
    fireEvent.change(box.getByLabelText('Segunda-feira, intervalo 2: início'), {
      target: { value: '13:00' },
    });
    fireEvent.change(box.getByLabelText('Segunda-feira, intervalo 2: fim'), { target: { value: '18:00' } });
    fireEvent.click(
      box.getByRole('button', { name: 'Copiar o horário de segunda-feira para todos os dias' }),
    );
    fireEvent.click(box.getByRole('switch', { name: 'Domingo: aberto' }));
    fireEvent.click(box.getByRole('switch', { name: 'Sábado: aberto' }));
    fireEvent.change(box.getByLabelText('UF (feriados estaduais)'), { target: { value: 'SP' } });
    fireEvent.click(box.getByRole('button', { name: 'Adicionar folga' }));
    fireEvent.change(box.getByLabelText('Folga 1: data'), { target: { value: '24122026' } });
    fireEvent.change(box.getByLabelText('Folga 1: nome'), { target: { value: 'Véspera de Natal' } });
    fireEvent.click(box.getByRole('button', { name: 'Salvar Horário' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    const office = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ];
    expect(bodies[0]).toEqual({
      time_zone: 'America/Sao_Paulo',
      state: 'SP',
      closed_on_optional_holidays: true,
      weekly: { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] },
      days_off: [{ date: '2026-12-24', name: 'Véspera de Natal' }],
    });
    expect(await box.findByText('Véspera de Natal', { selector: 'span' })).toBeTruthy();
    expect(box.queryByText(/Ainda não definido/)).toBeNull();
  });

  it('says what is wrong under each input before asking the server, and shows its field-named 400', async () => {
    const bodies = serve(() =>
      json(
        {
          code: 'validation_error',
          detail: 'Fuso horário inválido.',
          fields: [{ field: 'body.weekly.tue.0.end', message: 'Recusado pelo servidor.' }],
          request_id: 'x',
        },
        400,
      ),
    );
    renderApp('/settings');
    const box = within(await card());
    const monEnd = await box.findByLabelText('Segunda-feira, intervalo 1: fim');
    fireEvent.change(monEnd, { target: { value: '07:00' } });
    fireEvent.change(box.getByLabelText('Segunda-feira, intervalo 1: início'), {
      target: { value: '08:00' },
    });
    fireEvent.click(box.getByRole('button', { name: 'Adicionar folga' }));
    fireEvent.change(box.getByLabelText('Folga 1: data'), { target: { value: '31022026' } });
    fireEvent.click(box.getByRole('button', { name: 'Salvar Horário' }));
    expect(await box.findByText('O fim deve ser depois do início.')).toBeTruthy();
    expect(box.getByText('Use uma data válida (dd/mm/aaaa).')).toBeTruthy();
    expect(box.getByText('Dê um nome à folga.')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.change(monEnd, { target: { value: '18:00' } });
    fireEvent.click(box.getByRole('button', { name: 'Remover folga 1' }));
    fireEvent.click(box.getByRole('button', { name: 'Salvar Horário' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await box.findByText('Recusado pelo servidor.')).toBeTruthy();
  });
});
