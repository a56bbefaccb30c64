/// What may arrive in plain text before STARTTLS's handshake: one reply to each command the
/// client sent (the greeting first), and nothing more. Bytes beyond a reply were not asked for,
/// and a client that kept them would read them as a later answer, even as the encrypted
/// server's after the handshake: the injection of CVE-2011-0411 (Postfix), where a man in the
/// middle chose the client's login for it.
///
/// Fed the bytes as they arrive, it tells how many of them belong to the reply awaited, and
/// whether anything came that was not awaited.
struct StartTLSFence: Sendable, Hashable {
    enum State: Sendable, Hashable {
        /// Reading a reply: the first bytes of its current line.
        case reply(line: [UInt8])
        /// The reply's last line has ended; any byte before the next command is an injection.
        case ended
        case injected
    }

    /// Awaiting the greeting.
    private(set) var state = State.reply(line: [])

    /// The client sent a command: its reply may come.
    mutating func sent() {
        if state == .ended { state = .reply(line: []) }
    }

    /// Of `bytes`, how many belong to the reply (to be read as usual); when more came, the
    /// state is `.injected`.
    mutating func take(_ bytes: some Collection<UInt8>) -> Int {
        var taken = 0
        for byte in bytes {
            guard case .reply(var line) = state else {
                state = .injected
                return taken
            }
            taken += 1
            if byte == UInt8(ascii: "\n") {
                // A reply's last line is "220 …" or "220": a hyphen after the code continues it.
                state = line.count > 3 && line[3] == UInt8(ascii: "-") ? .reply(line: []) : .ended
            } else {
                if line.count < 4 { line.append(byte) }
                state = .reply(line: line)
            }
        }
        return taken
    }
}
