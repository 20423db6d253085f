import nodemailer from 'nodemailer';

/** A nodemailer transport that sends nowhere (jsonTransport) and pushes each mail, parsed, onto `into`. */
export function recordingTransport<Mail>(into: Mail[]): nodemailer.Transporter {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const original = transport.sendMail.bind(transport);
  transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
    const info = await original(mail);
    into.push(JSON.parse((info as unknown as { message: string }).message));
    return info;
  }) as typeof transport.sendMail;
  return transport;
}
