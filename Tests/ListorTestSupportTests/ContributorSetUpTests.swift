import Foundation
import ListorTestSupport
import Testing

/// What a new contributor's `bash .ci/run` installs is all the tests use, and the README says it.
@Suite struct ContributorSetUpTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmesTestLineNamesTheDebianPackagesThatCIInstalls() throws {
        let script = try Self.read(".ci/run")
        let listed = try #require(script.firstMatch(of: /debian_packages=\(([^)]*)\)/)).output.1
        let installed = listed.split(whereSeparator: \.isWhitespace).map(String.init)
        let readme = try Self.read("README.md")
        let line = try #require(readme.firstMatch(of: /# Debian: ([^\n]*)/), "the README's test line names no Debian packages").output.1
        #expect(line.split(separator: " ").map(String.init) == installed)
        #expect(installed.contains("chromium-driver"))
    }

    @Test func everyPythonPackageIsPinnedToOneVersion() throws {
        let pins = try TestPython.pins()
        #expect(pins["pymodbus"] != nil)
        #expect(pins["pyserial"] != nil, "pymodbus's serial server needs pyserial")
    }

    /// Every package that a Python helper under Tests/ imports is in Tests/requirements.txt, so
    /// a helper cannot lean on a package that happens to be installed on one machine.
    @Test func everyPackageThatAHelperImportsIsPinned() async throws {
        let tests = Self.root.appendingPathComponent("Tests")
        let helpers = (FileManager.default.enumerator(atPath: tests.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".py") }.map { tests.appendingPathComponent($0).path }
        try #require(!helpers.isEmpty)
        // Each import outside the standard library, with the distributions that provide it.
        let script = """
            import ast, importlib.metadata, sys
            provided = importlib.metadata.packages_distributions()
            for path in sys.argv[1:]:
                for node in ast.walk(ast.parse(open(path).read())):
                    if isinstance(node, ast.Import): names = [alias.name for alias in node.names]
                    elif isinstance(node, ast.ImportFrom) and node.level == 0: names = [node.module]
                    else: continue
                    for name in {name.split(".")[0] for name in names} - set(sys.stdlib_module_names):
                        print(path, name, ",".join(provided.get(name, [])) or "-")
            """
        let (python, arguments) = TestPython.command(["-c", script] + helpers)
        let (status, printed) = try await ChildProcess(python, arguments).exit()
        try #require(status == 0, "\(printed)")
        let pins = try TestPython.pins()
        for line in printed.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 3 else { continue }
            let helper = fields[0].replacingOccurrences(of: Self.root.path + "/", with: "")
            guard fields[2] != "-" else {
                ExternalComponent.unavailable("\(helper) imports \(fields[1]), which \(TestPython.name) does not have; pin it in Tests/requirements.txt")
                continue
            }
            let distributions = fields[2].split(separator: ",").map { $0.lowercased() }
            #expect(distributions.contains { pins[$0] != nil }, "\(helper) imports \(fields[1]) (from \(fields[2])), which Tests/requirements.txt does not pin")
        }
    }
}
