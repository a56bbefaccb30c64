import Foundation
import Synchronization

/// One parser under the fuzzer: it takes the input's bytes and checks its invariants, stopping
/// the process (a crash libFuzzer records, with the input) when one does not hold.
struct FuzzTarget: Sendable {
    let name: String
    /// What the target feeds and checks, for `Fuzz/run --list`.
    let summary: String
    let run: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [
        JSONTargets.parser, JSONTargets.catalog, ModbusTargets.frame, ModbusTargets.pdu, ModbusTargets.registerMap,
        CSVTargets.csv, CSVTargets.libraryCSV, QuantityTargets.quantity, QuantityTargets.transistorQuery,
        LibraryTargets.jsonBody, LibraryTargets.formBody, StellaTargets.query, BrowserTargets.htmlText, BrowserTargets.htmlReader, BrowserTargets.charset,
        AttackTargets.image, AttackTargets.historyQuery, AttackTargets.addressGuard, AttackTargets.multipart, AttackTargets.cookieJar,
        AttackTargets.urlResolution, AttackTargets.rtuFrame, AttackTargets.sessionToken, KiCadTargets.symbolLibrary, KiCadTargets.spiceModels,
        StoreTargets.shopifyCSV, StoreTargets.inlineHTML, StoreTargets.orderBody, StoreTargets.bagCookie,
        OperatorTargets.plantFile, OperatorTargets.serveConfig, OperatorTargets.smtpReply,
    ]

    /// The input split at NUL bytes into `count` texts (missing ones empty), for parsers that take several fields.
    static func fields(_ bytes: [UInt8], count: Int) -> [String] {
        var parts = bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        while parts.count < count { parts.append("") }
        return parts
    }
}

/// Stops the process when an invariant does not hold; libFuzzer keeps the input that did it.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// The result of async work, waited for on the fuzzer's thread (its callback is synchronous).
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<T?>(nil)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}
