import AsyncHTTPClient
import Foundation
import ListorKit
import ListorTestSupport
import NIOCore
import NIOHTTP1

/// A W3C WebDriver session with headless Chromium, driven through Debian's chromedriver.
struct WebDriverSession {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    let client: HTTPClient
    let base: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `body` with a fresh browser; chromedriver and the browser end afterwards.
    static func with<T: Sendable>(
        width: Int, height: Int, javaScript: Bool = true, waitForImages: Bool = true,
        _ body: (WebDriverSession) async throws -> T
    ) async throws -> T {
        // chromedriver picks a free port and prints it; stdbuf makes that line arrive at once,
        // since a program writing to a pipe would otherwise hold it in its buffer.
        // It may find the port it picked taken on its second address ("bind() failed: Address
        // already in use"); start retries that.
        let (driver, printed) = try await ChildProcess.start("/usr/bin/stdbuf", ["-oL", chromedriver, "--port=0"], readyWhen: {
            $0.contains(/started successfully on port \d+/)
        })
        let outcome = await Result { () async throws -> T in
            guard let match = printed.firstMatch(of: /started successfully on port (\d+)/), let port = Int(match.output.1) else {
                throw Failure(description: "chromedriver printed no port: \(printed)")
            }
            return try await run(port: port, width: width, height: height, javaScript: javaScript, waitForImages: waitForImages, body)
        }
        // chromedriver does not stop on SIGTERM while it holds a session; nothing of it is worth keeping.
        await driver.kill()
        return try outcome.get()
    }

    private static func run<T: Sendable>(
        port: Int, width: Int, height: Int, javaScript: Bool, waitForImages: Bool,
        _ body: (WebDriverSession) async throws -> T
    ) async throws -> T {
        let client = HTTPClient()
        do {
            let server = WebDriverSession(client: client, base: "http://127.0.0.1:\(port)")
            let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                             "--window-size=\(max(width, 500)),\(height)", "--force-device-scale-factor=1"]
            var options: [JSONObject.Member] = [
                .init(key: "binary", value: .string(chromium)),
                .init(key: "args", value: .array(arguments.map { .string($0) })),
                // Page scripts off through the content setting, as a user would; WebDriver's own scripts still run.
                .init(key: "prefs", value: .object(JSONObject(members: [
                    .init(key: "profile.managed_default_content_settings.javascript", value: .number(javaScript ? 1 : 2)),
                ]))),
            ]
            if width < 500 {
                // Chrome's windows are at least 500 px wide; a phone's viewport needs device emulation.
                options.append(.init(key: "mobileEmulation", value: .object(JSONObject(members: [
                    .init(key: "deviceMetrics", value: .object(JSONObject(members: [
                        .init(key: "width", value: .number(Double(width))), .init(key: "height", value: .number(Double(height))),
                        .init(key: "pixelRatio", value: .number(1)),
                    ]))),
                ]))))
            }
            let capabilities: JSONValue = .object(JSONObject(members: [
                .init(key: "capabilities", value: .object(JSONObject(members: [
                    .init(key: "alwaysMatch", value: .object(JSONObject(members: [
                        .init(key: "browserName", value: .string("chrome")),
                        // "eager": navigation returns once the document is parsed, before its images load.
                        .init(key: "pageLoadStrategy", value: .string(waitForImages ? "normal" : "eager")),
                        // waitUntil's wait for the next change ends itself after 100 ms; with page scripts
                        // off its timer may never fire, so the driver ends it instead of after 30 s.
                        .init(key: "timeouts", value: .object(JSONObject(members: [.init(key: "script", value: .number(500))]))),
                        .init(key: "goog:chromeOptions", value: .object(JSONObject(members: options))),
                    ]))),
                ]))),
            ]))
            let created = try await server.send(.POST, "/session", capabilities)
            guard case .string(let id) = created["sessionId"] else { throw Failure(description: "no session id in \(created)") }
            let session = WebDriverSession(client: client, base: server.base + "/session/" + id)
            let result: Result<T, any Error>
            do { result = .success(try await body(session)) } catch { result = .failure(error) }
            _ = try? await session.send(.DELETE, "", nil)
            try await client.shutdown()
            return try result.get()
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    // MARK: Commands

    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(ByteBuffer(string: body.serialized(pretty: false))) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        let value = try JSONParser.parse(Array(bytes.readableBytesView))
        guard (200...299).contains(Int(response.status.code)) else {
            throw Failure(description: "WebDriver \(method) \(path): \(response.status.code) \(value.serialized(pretty: false).prefix(500))")
        }
        return value["value"] ?? .null
    }

    func open(_ url: String) async throws {
        try await send(.POST, "/url", .object(JSONObject(members: [.init(key: "url", value: .string(url))])))
    }

    func currentURL() async throws -> String {
        guard case .string(let url) = try await send(.GET, "/url", nil) else { throw Failure(description: "no URL") }
        return url
    }

    func element(_ selector: String) async throws -> String {
        let found = try await send(.POST, "/element", .object(JSONObject(members: [
            .init(key: "using", value: .string("css selector")), .init(key: "value", value: .string(selector)),
        ])))
        guard case .object(let object) = found, case .string(let id) = object.members.first?.value else {
            throw Failure(description: "no element for \(selector)")
        }
        return id
    }

    func type(_ text: String, into selector: String) async throws {
        let id = try await element(selector)
        try await send(.POST, "/element/\(id)/value", .object(JSONObject(members: [.init(key: "text", value: .string(text))])))
    }

    /// Empties a field.
    func clear(_ selector: String) async throws {
        let id = try await element(selector)
        try await send(.POST, "/element/\(id)/clear", .object(JSONObject()))
    }

    /// Presses Enter on the element, as a keyboard user does: a button or a link is followed.
    /// (A click under phone emulation is a tap, which with page scripts off never ends.)
    func press(_ selector: String) async throws {
        try await type("\u{E007}", into: selector)
    }

    /// Presses keys as a keyboard does, on whatever has the focus: each character of `text` down
    /// and up in turn (WebDriver's special keys are characters too: "\u{E004}" is Tab, "\u{E007}" Enter).
    func keys(_ text: String) async throws {
        let presses = text.map(String.init).flatMap { key -> [JSONValue] in
            [.members([("type", .string("keyDown")), ("value", .string(key))]), .members([("type", .string("keyUp")), ("value", .string(key))])]
        }
        try await send(.POST, "/actions", .members([("actions", .array([.members([("type", .string("key")), ("id", .string("keyboard")), ("actions", .array(presses))])]))]))
    }

    /// Presses Tab until the focus is on the element `selector` matches, as a keyboard user
    /// moves through a page; fails after 150 presses.
    func tab(to selector: String) async throws {
        let quoted = JSONValue.string(selector).serialized(pretty: false)
        for _ in 0..<150 {
            if try await script("return document.activeElement !== null && document.activeElement.matches(\(quoted))") == .bool(true) { return }
            try await keys("\u{E004}")
        }
        throw Failure(description: "Tab never reached \(selector)")
    }

    func click(_ selector: String) async throws {
        let id = try await element(selector)
        try await send(.POST, "/element/\(id)/click", .object(JSONObject()))
    }

    func text(_ selector: String) async throws -> String {
        let id = try await element(selector)
        guard case .string(let text) = try await send(.GET, "/element/\(id)/text", nil) else { return "" }
        return text
    }

    func isDisplayed(_ selector: String) async throws -> Bool {
        let id = try await element(selector)
        return try await send(.GET, "/element/\(id)/displayed", nil) == .bool(true)
    }

    /// Lays the page out for `media` ("print", or "" for the screen again), through Chromium's
    /// DevTools, as print preview does.
    func emulateMedia(_ media: String) async throws {
        try await send(.POST, "/goog/cdp/execute", .object(JSONObject(members: [
            .init(key: "cmd", value: .string("Emulation.setEmulatedMedia")),
            .init(key: "params", value: .object(JSONObject(members: [.init(key: "media", value: .string(media))]))),
        ])))
    }

    func script(_ source: String) async throws -> JSONValue {
        try await send(.POST, "/execute/sync", .object(JSONObject(members: [
            .init(key: "script", value: .string(source)), .init(key: "args", value: .array([])),
        ])))
    }

    /// Waits until `condition`, a JavaScript expression, holds in the page (or a page that
    /// replaced it). Between checks the page wakes us on its next DOM change, or after 100 ms
    /// for changes the DOM does not show (the address bar); `timeout` bounds the whole wait.
    func waitUntil(_ condition: String, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        let check = "try { return Boolean(\(condition)); } catch (e) { return false; }"
        let nextChange = """
            const done = arguments[arguments.length - 1];
            const observer = new MutationObserver(() => { observer.disconnect(); done(true); });
            observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
            setTimeout(() => { observer.disconnect(); done(false); }, 100);
            """
        while true {
            if (try? await script(check)) == .bool(true) { return }
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for \(condition)") }
            // A navigation ends the script early; the next check runs in the new page.
            _ = try? await send(.POST, "/execute/async", .object(JSONObject(members: [
                .init(key: "script", value: .string(nextChange)), .init(key: "args", value: .array([])),
            ])))
        }
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard case .string(let base64) = try await send(.GET, "/screenshot", nil), let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }
}
