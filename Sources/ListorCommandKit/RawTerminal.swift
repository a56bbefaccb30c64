import Foundation

/// The terminal in raw mode on the alternate screen, as full-screen programs use it; put back
/// as it was by `restore()`, which the browser calls however it ends.
package final class RawTerminal: Sendable {
    private let original: termios?

    package init() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
            original = nil
            return
        }
        original = settings
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    package func restore() {
        Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if var original { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
    }

    package static func write(_ text: String) {
        StandardStream.write(text, to: STDOUT_FILENO)
    }

    /// Rows and columns of the terminal on standard output (24 by 80 when it does not say).
    package static func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
