import Foundation
import Testing

/// An external program a test needs (Chromium, PostgreSQL, pymodbus).
///
/// On a developer's machine a missing one skips the test with a printed reason; with
/// `LISTOR_REQUIRE_EXTERNAL=1`, as `.ci/run` sets, it is a failure instead.
public enum ExternalComponent {
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["LISTOR_REQUIRE_EXTERNAL"] == "1"
    }

    /// The paths that are missing among `paths`, reported; empty when all are there.
    public static func missing(_ paths: [String], for purpose: String) -> String? {
        let missing = paths.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard !missing.isEmpty else { return nil }
        return "\(purpose) needs \(missing.joined(separator: " and ")); install it (Debian: apt-get install chromium chromium-driver) or see .ci/run"
    }

    /// Why a component cannot be had.
    public struct Missing: Error, CustomStringConvertible {
        public var reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Says why a test cannot run: a skip with the reason printed, or, when the component is
    /// required, a failure.
    public static func unavailable(_ reason: String) {
        if isRequired { Issue.record(Comment(rawValue: reason)) } else { print("skipping: \(reason)") }
    }
}
