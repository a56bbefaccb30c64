import Foundation
import Synchronization

/// The sheet's sparklines as last drawn, for the poll they were drawn at and the reader's time
/// zone: every page view between two polls shows the same ones, so they are read from the
/// history and drawn once per poll rather than once per view.
final class SparklineCache: Sendable {
    private struct Entry {
        let updated: Date?
        let timeZone: String
        let sparklines: [String: HTMLFragment]
    }

    private let entry = Mutex<Entry?>(nil)

    func sparklines(updated: Date?, timeZone: TimeZone) -> [String: HTMLFragment]? {
        entry.withLock { entry in
            guard let entry, entry.updated == updated, entry.timeZone == timeZone.identifier else { return nil }
            return entry.sparklines
        }
    }

    func keep(_ sparklines: [String: HTMLFragment], updated: Date?, timeZone: TimeZone) {
        entry.withLock { $0 = Entry(updated: updated, timeZone: timeZone.identifier, sparklines: sparklines) }
    }
}
