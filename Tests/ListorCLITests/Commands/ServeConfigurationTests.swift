import Foundation
@testable import ListorServer
import ListorTestSupport
import Testing

/// `listor serve --config FILE`: every option a key of a JSON file, `LISTOR_…` variables over
/// the file, the command line over both; an unknown key or a wrong value named with its file
/// (or variable) and key, before anything starts.
@Suite struct ServeConfigurationTests {
    func file(_ json: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("listor.json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    static func isJSONLog(_ log: String) -> Bool {
        let lines = log.split(separator: "\n")
        return !lines.isEmpty && lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] }
    }

    @Test func theFileSetsServesOptionsAndTheCommandLineWins() async throws {
        // The file's port would be 1; the command line's --port 0 (withServe's) wins.
        let (directory, path) = try file(#"{"port": 1, "log-format": "json", "public-host": ["listor.example"], "browser-max-reads": 3}"#)
        try await withServe(["--config", path]) { base, log in
            #expect(base.port != 1)
            let port = try #require(base.port)
            let named = try await RawHTTPConnection.request(port: port, "GET", "/health", headers: [("Host", "listor.example")])
            #expect(named.status == 200, "the file's public-host is served")
            let other = try await RawHTTPConnection.request(port: port, "GET", "/health", headers: [("Host", "other.example")])
            #expect(other.status == 421)
            #expect(Self.isJSONLog(log()), "\(log())")
        }
        withExtendedLifetime(directory) {}
    }

    @Test func theEnvironmentWinsOverTheFileAndLISTOR_CONFIGNamesIt() async throws {
        let (directory, path) = try file(#"{"log-format": "json"}"#)
        try await withServe([], variables: ["LISTOR_CONFIG": path, "LISTOR_LOG_FORMAT": "text"]) { base, log in
            _ = try await RawHTTPConnection.request(port: try #require(base.port), "GET", "/health")
            #expect(!Self.isJSONLog(log()))
            #expect(log().contains(" info listor:"), "\(log())")
        }
        try await withServe([], variables: ["LISTOR_CONFIG": path]) { base, log in
            _ = try await RawHTTPConnection.request(port: try #require(base.port), "GET", "/health")
            #expect(Self.isJSONLog(log()), "\(log())")
        }
        withExtendedLifetime(directory) {}
    }

    @Test func anUnknownKeyOrAWrongValueIsNamedWithItsFileAndKey() async throws {
        let (directory, path) = try file(#"{"prot": 8080}"#)
        let unknown = await listor(["serve", "--config", path], variables: [:])
        #expect(unknown.exitCode == 64)
        #expect(unknown.errorOutput.hasPrefix("Error: \(path): unknown key \"prot\"; did you mean \"port\"?"), "\(unknown.errorOutput)")

        try #"{"port": "eighty"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let text = await listor(["serve", "--config", path], variables: [:])
        #expect(text.exitCode == 64)
        #expect(text.errorOutput.hasPrefix("Error: \(path), key \"port\": The value 'eighty' is invalid for '--port <port>'"), "\(text.errorOutput)")

        try #"{"port": 70000, "allow-private": "yes"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let flag = await listor(["serve", "--config", path], variables: [:])
        #expect(flag.exitCode == 64)
        #expect(flag.errorOutput.hasPrefix("Error: \(path), key \"allow-private\": is not true or false"), "\(flag.errorOutput)")

        // A huge value is refused without being echoed whole.
        let huge = String(repeating: "A", count: 1_000_000)
        let long = await listor(["serve", "--config", path], variables: ["LISTOR_PORT": huge])
        #expect(long.exitCode == 64)
        #expect(long.errorOutput.hasPrefix("Error: LISTOR_PORT: is 1000000 characters long; a setting is at most 4096 (it begins \"\(huge.prefix(40))…\")"))
        #expect(long.errorOutput.count < 2000)

        try #"{"port": [8080]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let list = await listor(["serve", "--config", path], variables: [:])
        #expect(list.exitCode == 64)
        #expect(list.errorOutput.hasPrefix("Error: \(path), key \"port\": is not a string or a number"), "\(list.errorOutput)")

        try #"{"port": 70000}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let range = await listor(["serve", "--config", path], variables: [:])
        #expect(range.exitCode == 64)
        #expect(range.errorOutput.hasPrefix("Error: \(path), key \"port\": --port: 70000 is not a port number (0–65535)"), "\(range.errorOutput)")

        let variable = await listor(["serve"], variables: ["LISTOR_PORT": "abc"])
        #expect(variable.exitCode == 64)
        #expect(variable.errorOutput.hasPrefix("Error: LISTOR_PORT: The value 'abc' is invalid for '--port <port>'"), "\(variable.errorOutput)")

        let missing = await listor(["serve", "--config", directory.path("none.json")], variables: [:])
        #expect(missing.exitCode == 64)
        #expect(missing.errorOutput.hasPrefix("Error: \(directory.path("none.json")): cannot be read: no such file or directory"), "\(missing.errorOutput)")
        // Help is there whatever the settings say.
        let help = await listor(["serve", "--help"], variables: ["LISTOR_CONFIG": directory.path("none.json")])
        #expect(help.exitCode == 0)
        #expect(help.output.contains("--config <file>"))
    }
}

extension ServeConfigurationTests {
    /// Every wrong key and value is named at once, each on its line, from the file, the
    /// environment and the command line alike; a file that is not strict JSON says where.
    @Test func everyProblemIsNamedAtOnceAndTheFileIsStrictJSON() async throws {
        let (directory, path) = try file(#"{"prot": 8080, "hots": "::", "allow-private": "yes", "library-api-prefix": "api/", "library-category": ["kid:days=0"]}"#)
        let all = await listor(["serve", "--config", path], variables: [:])
        #expect(all.exitCode == 64)
        // Unknown keys and wrong types with the values serve refuses, in one answer.
        for problem in ["unknown key \"prot\"", "unknown key \"hots\"", "key \"allow-private\": is not true or false",
                        "key \"library-api-prefix\": --library-api-prefix: \"api/\" must start with /",
                        "key \"library-category\": --library-category: \"kid:days=0\": days takes a number from 1 to 365"] {
            #expect(all.errorOutput.contains("\(path): \(problem)") || all.errorOutput.contains("\(path), \(problem)"), "\(problem): \(all.errorOutput)")
        }

        try #"{"port": 70000, "library-api-prefix": "api/"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let values = await listor(["serve", "--config", path, "--modbus-interval", "0"], variables: ["LISTOR_METRICS_PORT": "99999"])
        #expect(values.exitCode == 64)
        #expect(values.errorOutput.hasPrefix("Error: \(path), key \"port\""))
        let lines = values.errorOutput.split(separator: "\n").map { $0.hasPrefix("Error: ") ? $0.dropFirst(7) : $0 }
        for line in ["\(path), key \"port\": --port: 70000 is not a port number (0–65535)", "--modbus-interval: 0.0 is outside 0.1 to 3600 seconds",
                     "LISTOR_METRICS_PORT: --metrics-port: 99999 is not a port number (0–65535)",
                     "\(path), key \"library-api-prefix\": --library-api-prefix: \"api/\" must start with / and not end with one, e.g. /library/api"] {
            #expect(lines.contains(Substring(line)), "\(line): \(values.errorOutput)")
        }

        try "{\"port\": 8081,\n}".write(toFile: path, atomically: true, encoding: .utf8)
        let comma = await listor(["serve", "--config", path], variables: [:])
        #expect(comma.exitCode == 64)
        #expect(comma.errorOutput.hasPrefix("Error: \(path): is not JSON: line 2, column "), "\(comma.errorOutput)")
        withExtendedLifetime(directory) {}
    }
}

/// The README's example settings file: every key of `serve`, each read without a refusal.
@Suite struct ServeConfigurationExampleTests {
    @Test func theReadmesExampleHasEveryOptionAndIsRead() async throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.firstMatch(of: /<!-- listor-config-example -->\s*```json\n([\s\S]*?)```/)?.output.1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        let keys = ServeConfiguration.options().map(\.key).filter { $0 != "config" }
        #expect(keys.count > 30)
        #expect(Set(object.keys) == Set(keys), "missing: \(Set(keys).subtracting(object.keys).sorted()); unknown: \(Set(object.keys).subtracting(keys).sorted())")
        let directory = try TemporaryDirectory()
        let path = directory.path("listor.json")
        try String(block).write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try await ServeConfiguration(commandLine: ["--config", path], variables: [:])
        for key in keys where !(object[key] is Bool) || object[key] as? Bool == true {
            #expect(configuration.arguments.contains("--" + key), "\(key) was not read")
        }
        #expect(configuration.arguments.contains("listor.example.org"))
        #expect(configuration.arguments.contains("1.0") || configuration.arguments.contains("1"), "\(configuration.arguments)")
    }
}
