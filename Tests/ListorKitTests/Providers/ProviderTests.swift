import Foundation
import ListorKit
import ListorTestSupport
import Testing

@Suite struct FileDataProviderTests {
    @Test func readsAndDecodesAFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("numbers.json", Data("[1, 2]".utf8))
        let provider = FileDataProvider(path: path) { try JSONParser.parse($0) }
        #expect(try await provider.load() == .array([.number(1), .number(2)]))
    }

    @Test func everyFailureNamesTheFile() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.json")
        await #expect { try await FileDataProvider(path: missing) { $0 }.load() } throws: { error in
            (error as? FileError)?.description == "\(missing): no such file"
        }
        await #expect { try await FileDataProvider(path: directory.url.path) { $0 }.load() } throws: { error in
            (error as? FileError)?.code == .unreadable
        }
        let bad = try directory.write("bad.json", Data("[1,".utf8))
        await #expect { try await FileDataProvider(path: bad) { try JSONParser.parse($0) }.load() } throws: { error in
            (error as? FileError)?.description == "\(bad): line 1, column 4: unexpected end of text; expected a value"
        }
        let large = try directory.write("large.json", Data(repeating: 0x20, count: 2048))
        await #expect { try await FileDataProvider(path: large, maximumSize: 1024) { $0 }.load() } throws: { error in
            (error as? FileError)?.code == .tooLarge
        }
    }
}

@Suite struct HTTPDataProviderTests {
    private let url = URL(string: "http://127.0.0.1:1/catalog.json")!

    @Test func anUnimplementedTransportFailsLoudly() async {
        let provider = HTTPDataProvider(url: url, transport: .unimplemented) { $0 }
        await #expect { try await provider.load() } throws: { error in
            "\(error)".contains("HTTPTransport.unimplemented was called")
        }
    }

    @Test func statusAndDecodingFailuresNameTheURL() async {
        let notFound = HTTPTransport { _, _ in HTTPTransport.Response(status: 404, body: Data()) }
        await #expect { try await HTTPDataProvider(url: url, transport: notFound) { $0 }.load() } throws: { error in
            (error as? NetworkError)?.description == "http://127.0.0.1:1/catalog.json: the server answered 404 Not Found"
        }
        let garbage = HTTPTransport { _, _ in HTTPTransport.Response(status: 200, body: Data("<html>".utf8)) }
        await #expect { try await HTTPDataProvider(url: url, transport: garbage) { try JSONParser.parse($0) }.load() } throws: { error in
            (error as? NetworkError)?.description == "http://127.0.0.1:1/catalog.json: line 1, column 1: unexpected '<'; expected a value"
        }
    }

    @Test func aCancelledTaskDoesNotFetch() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await HTTPDataProvider(url: url, transport: .unimplemented) { $0 }.load()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite struct LoadingStateTests {
    private struct Fails: DataProvider {
        func load() async throws -> Int { throw FileError(code: .unreadable, path: "x.json", reason: "no such file") }
    }

    private struct Succeeds: DataProvider {
        func load() async throws -> Int { 7 }
    }

    @Test func reportsLoadingThenTheOutcome() async {
        var states: [String] = []
        await LoadingState.load(Succeeds()) { states.append(Self.describe($0)) }
        await LoadingState.load(Fails()) { states.append(Self.describe($0)) }
        #expect(states == ["loading", "loaded 7", "loading", "failed x.json: no such file"])
    }

    private static func describe(_ state: LoadingState<Int>) -> String {
        switch state {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded(let value): "loaded \(value)"
        case .failed(let message): "failed \(message)"
        }
    }
}
