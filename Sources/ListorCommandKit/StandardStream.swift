import Foundation

/// Writing to the process's standard output and error.
///
/// When the reader of standard output goes away (`listor … | head`, quitting `less`), a write
/// fails with EPIPE. The process then ends as a pipe's writer conventionally does, killed by
/// SIGPIPE without a word, so that a shell reports status 141 and prints nothing, as for
/// `lynx -dump | head` or `git log | head`, whatever threads or connections it has open.
/// Swift's runtime ignores SIGPIPE (a closed socket must not kill a server), and Foundation's
/// `FileHandle.write` stops the program with a backtrace on the error instead.
enum StandardStream {
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno != EINTR {
                if errno == EPIPE, descriptor == STDOUT_FILENO { readerHasGone() }
                return
            }
        }
    }

    /// Ends the process by SIGPIPE (status 141 where the signal cannot be delivered).
    static func readerHasGone() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
