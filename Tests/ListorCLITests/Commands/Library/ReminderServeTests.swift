import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import Testing

/// `serve --smtp-url`: the library's reminders sent to a real mail server (aiosmtpd), and shown.
@Suite struct ReminderServeTests {
    /// The shop's mail goes by the same sender: an order's confirmation, then its shipping
    /// notice once the owner marks it sent, each once; the owner sees that they went.
    @Test func serveSendsTheShoppersMailOnce() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await SMTPTestServer.with { smtp in
            let token = "owner-token-0123456789abcdef"
            let options = ["--smtp-url", "smtp://127.0.0.1:\(smtp.port)?tls=none", "--smtp-from", "Stella <shop@example.org>", "--reminder-interval", "1",
                           "--stella-admin-token", token]
            try await withServe(options) { base, _ in
                try await withLiveHTTPTransport { transport in
                    func send(_ method: String, _ path: String, _ json: String? = nil) async throws -> HTTPTransport.Response {
                        try await transport.send(HTTPRequestMessage(method: method, url: try #require(URL(string: path, relativeTo: base)),
                                                                    headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
                                                                    body: json.map { Data($0.utf8) }),
                                                 HTTPLimits())
                    }
                    guard case .array(let rows) = try JSONParser.parse(try await send("GET", "/stella/api/stock").body) else { throw ChildProcess.Failure(description: "no stock") }
                    let inStock = rows.first { row in
                        guard case .number(let stock)? = row["stock"] else { return false }
                        return row["status"] == .string("active") && stock > 0
                    }
                    let sku = try #require(inStock?["sku"]?.stringValue)
                    let placed = try await send("POST", "/stella/api/orders", #"{"name": "Ann Lee", "email": "ann@example.org", "address": "1 High St", "items": [{"sku": "\#(sku)", "quantity": 1}]}"#)
                    #expect(placed.status == 201)
                    let order = try JSONParser.parse(placed.body)
                    let number = try #require(order["number"]?.stringValue), key = try #require(order["key"]?.stringValue)
                    let confirmation = try await smtp.waitForMessages(1)
                    #expect(confirmation.first?.to == ["ann@example.org"] && confirmation.first?.subject == "Your order \(number) is placed", "\(confirmation)")
                    #expect(try await send("POST", "/stella/api/orders/\(key)/fulfil", #"{"tracking": "DHL 123"}"#).status == 200)
                    let both = try await smtp.waitForMessages(2)
                    #expect(both.last?.subject == "Your order \(number) is on its way" && both.last?.body.contains("Tracking: DHL 123") == true, "\(both)")
                    #expect(Set(both.map(\.messageId)).count == 2 && both.allSatisfy { $0.messageId.hasSuffix("@example.org>") })
                }
            }
            // Once each, however many rounds ran.
            #expect(try smtp.received().count == 2)
        }
    }

    @Test func serveSendsAReminderByMailAndListsIt() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await SMTPTestServer.with { smtp in
            let options = ["--smtp-url", "smtp://127.0.0.1:\(smtp.port)?tls=none", "--smtp-from", "Prolific Library <library@example.org>",
                           "--reminder-days-before", "20", "--reminder-interval", "1"]
            try await withServe(options) { base, log in
                try await withLiveHTTPTransport { transport in
                    func send(_ method: String, _ path: String, _ json: String? = nil) async throws -> HTTPTransport.Response {
                        try await transport.send(HTTPRequestMessage(method: method, url: try #require(URL(string: path, relativeTo: base)),
                                                                    headers: json == nil ? [:] : ["Content-Type": "application/json"], body: json.map { Data($0.utf8) }),
                                                 HTTPLimits())
                    }
                    // Given a patron with an address and a book lent to her for 14 days (within the 20 days before),
                    #expect(try await send("POST", "/library/api/patrons", #"{"name": "Ada Lovelace", "card": "C-1", "email": "ada@example.org"}"#).status == 201)
                    #expect(try await send("PUT", "/library/api/books/1", #"{"card": "C-1"}"#).status == 200)
                    // the next round mails her, once.
                    let mail = try await smtp.waitForMessages(1)
                    #expect(mail.count == 1)
                    #expect(mail.first?.to == ["ada@example.org"] && mail.first?.headerFrom == "Prolific Library <library@example.org>")
                    #expect(mail.first?.subject.hasPrefix("“Pride and Prejudice” is due back on ") == true, "\(mail)")
                    #expect(mail.first?.body.contains("Dear Ada Lovelace,") == true)
                    // The server records the send once the mail server has answered: each try is a request, and the tries are bounded.
                    var sent = try JSONParser.parse(try await send("GET", "/library/api/reminders?state=sent").body)
                    for _ in 0..<500 where sent["counts"]?["sent"] != .number(1) {
                        sent = try JSONParser.parse(try await send("GET", "/library/api/reminders?state=sent").body)
                    }
                    let page = String(decoding: try await send("GET", "/library/reminders").body, as: UTF8.self)
                    #expect(page.contains("Reminders are sent by smtp://127.0.0.1:\(smtp.port) (unencrypted).") && page.contains("Sent (1)"), "\(page)")
                    let api = try JSONParser.parse(try await send("GET", "/library/api/reminders?state=sent").body)
                    guard case .array(let reminders)? = api["reminders"] else { throw ChildProcess.Failure(description: "no reminders in \(api)") }
                    #expect(api["counts"]?["sent"] == .number(1) && reminders.map { $0["to"] } == [.string("ada@example.org")])
                }
                #expect(log().contains("1 sent"), "\(log())")
            }
        }
    }

    @Test func reminderSettingsThatCannotWorkStopServeWithTheReason() async throws {
        let bad: [([String], String)] = [
            (["--smtp-url", "smtp://mail.example.org"], "--smtp-from: is needed with --smtp-url"),
            (["--smtp-url", "smtp://a:b@mail.example.org", "--smtp-from", "l@example.org"], "--smtp-url: put the password in LISTOR_SMTP_PASSWORD"),
            (["--smtp-url", "smtp://mail.example.org", "--smtp-from", "library"], "--smtp-from: \"library\" is not an email address"),
            (["--reminder-overdue-days", "7,1"], "--reminder-days-before/--reminder-overdue-days: the days after the due date, 7,1, must rise"),
            (["--smtp-from", "l@example.org"], "--smtp-from: is given without --smtp-url"),
        ]
        for (arguments, message) in bad {
            let result = await listor(["serve", "--port", "0"] + arguments)
            #expect(result.exitCode != 0 && result.errorOutput.contains(message), "\(arguments): \(result.errorOutput)")
        }
    }
}
