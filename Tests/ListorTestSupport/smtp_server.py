"""A mail server on loopback for Listor's reminder tests: aiosmtpd, someone else's SMTP.

Each message it accepts is written to FILE as one JSON line (envelope sender and recipients,
the decoded subject and text, the raw headers) before it answers 250, so a client that has
its answer finds the message in the file; then it prints "received N". Prints "listening on
PORT" once it accepts connections; stops on SIGTERM.

Usage: smtp_server.py [OPTIONS] FILE

Options: --defer N           answer "451 4.3.0" to the first N messages' DATA, then accept
         --reject            answer "550 5.1.1" to every recipient
         --tls DIR           make a certificate for 127.0.0.1 and localhost in DIR (cert.pem,
                             key.pem, by openssl) and require STARTTLS
         --implicit-tls DIR  the same certificate, with TLS from the first byte (smtps)
         --login USER:PASS   require AUTH with these (over TLS)
"""
import asyncio
import email
import email.policy
import json
import os
import signal
import ssl
import subprocess
import sys

from aiosmtpd.smtp import SMTP, AuthResult


def certificate(directory):
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


class Handler:
    def __init__(self, path, defer, reject):
        self.path, self.defer, self.reject, self.count = path, defer, reject, 0

    async def handle_RCPT(self, server, session, envelope, address, options):
        if self.reject:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.defer > 0:
            self.defer -= 1
            return "451 4.3.0 try again later"
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        record = {
            "from": envelope.mail_from, "to": envelope.rcpt_tos, "subject": str(message["subject"]), "headerFrom": str(message["from"]),
            "headerTo": str(message["to"]), "messageId": str(message["message-id"]), "body": message.get_content(),
            "login": session.auth_data.decode() if isinstance(session.auth_data, bytes) else None,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
        }
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
        self.count += 1
        print("received", self.count, flush=True)
        return "250 OK queued"


def main(arguments):
    defer, reject, tls, implicit, login = 0, False, None, None, None
    while arguments and arguments[0].startswith("--"):
        option = arguments.pop(0)
        if option == "--defer":
            defer = int(arguments.pop(0))
        elif option == "--reject":
            reject = True
        elif option == "--tls":
            tls = certificate(arguments.pop(0))
        elif option == "--implicit-tls":
            implicit = certificate(arguments.pop(0))
        elif option == "--login":
            login = arguments.pop(0)
        else:
            sys.exit("unknown option " + option)
    handler = Handler(arguments[0], defer, reject)

    def authenticate(server, session, envelope, mechanism, data):
        user, password = login.split(":", 1)
        ok = data.login.decode() == user and data.password.decode() == password
        return AuthResult(success=ok, handled=False, auth_data=data.login if ok else None)

    def factory():
        return SMTP(handler, hostname="listor-test", tls_context=tls, require_starttls=tls is not None,
                    authenticator=authenticate if login else None, auth_required=login is not None,
                    auth_require_tls=implicit is None and login is not None)

    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(loop.create_server(factory, "127.0.0.1", 0, ssl=implicit))
    print("listening on", server.sockets[0].getsockname()[1], flush=True)
    loop.add_signal_handler(signal.SIGTERM, loop.stop)
    loop.run_forever()


if __name__ == "__main__":
    main(sys.argv[1:])
