import Foundation

/// The Python that runs the tests' helpers (pymodbus's server, `http.server`).
///
/// `.ci/run` makes a virtual environment from Tests/requirements.txt alone and names its
/// interpreter in `LISTOR_TEST_PYTHON`, so that a package installed by hand in the system's
/// Python cannot make a test pass. Without it (`swift test` on a developer's machine) the
/// helpers run on `python3` from PATH, and the first test that starts one says so.
public enum TestPython {
    /// Every package a test or a helper imports, pinned.
    public static let requirements = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("requirements.txt")

    /// The program to start, and the arguments that come before a script and its own.
    private static let interpreter: (executable: String, arguments: [String]) = {
        if let path = ProcessInfo.processInfo.environment["LISTOR_TEST_PYTHON"], !path.isEmpty {
            print("Python helpers run on \(path) (LISTOR_TEST_PYTHON)")
            return (path, [])
        }
        print("Python helpers run on python3 from PATH; .ci/run sets LISTOR_TEST_PYTHON to a virtual environment made from Tests/requirements.txt")
        return ("/usr/bin/env", ["python3"])
    }()

    /// The interpreter's name, for messages.
    public static var name: String {
        interpreter.arguments.last ?? interpreter.executable
    }

    /// The executable and arguments that run Python with `arguments` (unbuffered, so that a
    /// helper's ready line arrives at once).
    public static func command(_ arguments: [String]) -> (executable: String, arguments: [String]) {
        (interpreter.executable, interpreter.arguments + ["-u"] + arguments)
    }

    /// Why `packages` cannot be imported as pinned, or nil when they can: each must be in
    /// Tests/requirements.txt and installed at that version for the interpreter.
    public static func missing(_ packages: [String], for purpose: String) async -> String? {
        let pins: [String: String]
        do {
            pins = try Self.pins()
        } catch {
            return "\(purpose): cannot read \(requirements.path): \(error)"
        }
        let unpinned = packages.filter { pins[$0] == nil }
        guard unpinned.isEmpty else {
            return "\(purpose): Tests/requirements.txt does not pin \(unpinned.joined(separator: " and "))"
        }
        let script = """
            import importlib.metadata, sys
            for name in sys.argv[1:]:
                try: print(name, importlib.metadata.version(name))
                except importlib.metadata.PackageNotFoundError: print(name, "none")
            """
        let (executable, arguments) = command(["-c", script] + packages)
        let printed: String
        do {
            let (status, output) = try await ChildProcess(executable, arguments).exit()
            guard status == 0 else { return "\(purpose): \(name) failed (status \(status)): \(output.suffix(500))" }
            printed = output
        } catch {
            return "\(purpose): cannot run \(name): \(error)"
        }
        let installed = Dictionary(printed.split(separator: "\n").compactMap { line -> (String, String)? in
            let fields = line.split(separator: " ")
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        let wrong = packages.compactMap { package -> String? in
            let (pinned, found) = (pins[package, default: ""], installed[package, default: "none"])
            return found == pinned ? nil : "\(package)==\(pinned) (\(found == "none" ? "not installed" : "\(found) installed"))"
        }
        guard !wrong.isEmpty else { return nil }
        return "\(purpose): \(name) lacks \(wrong.joined(separator: " and ")); make a virtual environment from Tests/requirements.txt and name its python in LISTOR_TEST_PYTHON, as .ci/run does"
    }

    /// The installed file `name` of the pinned `package` (a script it carries, say), or why it
    /// cannot be had.
    public static func file(_ name: String, of package: String) async -> Result<URL, ExternalComponent.Missing> {
        if let reason = await missing([package], for: "\(name) from \(package)") { return .failure(.init(reason: reason)) }
        let script = "import importlib.metadata, sys; print(next(str(f.locate()) for f in importlib.metadata.files(sys.argv[1]) if f.name == sys.argv[2]))"
        let (executable, arguments) = command(["-c", script, package, name])
        do {
            let (status, output) = try await ChildProcess(executable, arguments).exit()
            guard status == 0 else { return .failure(.init(reason: "\(package) has no \(name): \(output.suffix(300))")) }
            return .success(URL(fileURLWithPath: output.trimmingCharacters(in: .whitespacesAndNewlines)))
        } catch {
            return .failure(.init(reason: "cannot run \(self.name): \(error)"))
        }
    }

    /// The file's pins by package name (extras such as `[serial]` left out).
    public static func pins() throws -> [String: String] {
        let text = try String(contentsOf: requirements, encoding: .utf8)
        var pins: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let requirement = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            guard !requirement.isEmpty else { continue }
            let parts = requirement.split(separator: "==", maxSplits: 1)
            guard parts.count == 2 else { throw PinError(line: String(line)) }
            let name = parts[0].prefix { $0 != "[" }.trimmingCharacters(in: .whitespaces).lowercased()
            pins[name] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return pins
    }

    struct PinError: Error, CustomStringConvertible {
        let line: String
        var description: String { "\"\(line)\" pins no exact version (name==version)" }
    }
}
