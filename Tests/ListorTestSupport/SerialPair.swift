import Foundation
import Synchronization
import Testing

/// Two pseudo-terminals joined by Debian's socat, standing in for a USB–RS-485 adapter and the
/// device at the other end of its cable: `client` for Listor, `device` for the server. Stopping
/// socat makes both ports vanish, as unplugging the adapter does.
public final class SerialPair: Sendable {
    static let socat = "/usr/bin/socat"

    public let directory: URL
    public let client: String
    public let device: String
    private let process: Mutex<ChildProcess?>

    /// Whether socat is there; otherwise skips (printing why) or, under LISTOR_REQUIRE_EXTERNAL=1,
    /// fails the test.
    public static func isMissing() -> Bool {
        guard !FileManager.default.isExecutableFile(atPath: socat) else { return false }
        let reason = "the Modbus RTU tests need Debian's socat for a pseudo-terminal pair (apt-get install socat), as .ci/run installs it"
        ExternalComponent.unavailable(reason)
        return true
    }

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("listor-rtu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        client = directory.appendingPathComponent("client").path
        device = directory.appendingPathComponent("device").path
        process = Mutex(nil)
    }

    /// Starts socat and returns once both ports exist.
    public func plugIn() async throws {
        let (socat, _) = try await ChildProcess.start(Self.socat, [
            "-d", "-d", "pty,raw,echo=0,link=\(client)", "pty,raw,echo=0,link=\(device)",
        ], readyWhen: { $0.contains("starting data transfer loop") }, within: .seconds(20))
        process.withLock { $0 = socat }
    }

    /// Ends socat: both ports go away.
    public func unplug() async {
        let socat = process.withLock { process in
            defer { process = nil }
            return process
        }
        await socat?.stop()
    }

    public func remove() async {
        await unplug()
        try? FileManager.default.removeItem(at: directory)
    }
}
