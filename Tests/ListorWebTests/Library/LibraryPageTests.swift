import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Library
import LibrarySQL
import ListorKit
import ListorTestSupport
import ListorWeb
import Tagged
import Testing

/// The library's pages: forms that work without JavaScript (POST-redirect-GET), CSRF tokens,
/// validation next to the fields, and the seed's checkout sentence.
@Suite struct LibraryPageTests {
    /// A library with one book, behind the pages; `adminToken` guards every write.
    func withPages(adminToken: String? = nil, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert", publisher: "Ace", isbn: "9780441172719")])
        try await Application(router: try await site.router(adminToken: adminToken)).test(.router, test)
        withExtendedLifetime(site) {}
    }

    /// The CSRF token a first visit to a page with a form gets, from its cookie.
    func token(_ client: any TestClientProtocol) async throws -> String {
        let first = try await client.execute(uri: "/library/sign-in", method: .get)
        let cookie = try #require(first.headers[.setCookie])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        return String(try #require(cookie.split(separator: ";").first?.split(separator: "=").last))
    }

    func post(_ client: any TestClientProtocol, _ uri: String, token: String, _ body: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post,
                                 headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                 body: ByteBuffer(string: "csrf=\(token)&" + body))
    }

    func page(_ client: any TestClientProtocol, _ uri: String, token: String) async throws -> String {
        String(buffer: try await client.execute(uri: uri, method: .get, headers: [.cookie: "listor_csrf=\(token)"]).body)
    }

    /// The desk patron first, as Koha's and Libib's have it: a book checked out from the
    /// patron's page by its id or its ISBN, renewed and checked in from their list, each
    /// refusal said on their page.
    @Test func aPatronsPageChecksOutRenewsAndChecksIn() async throws {
        try await withPages { client in
            let token = try await token(client)
            let added = try await post(client, "/library/patrons", token: token, "name=Ann+Smith&card=C-1")
            let patron = try #require(added.headers[.location]?.split(separator: "?").first.map(String.init))
            let first = try await page(client, patron, token: token)
            #expect(first.contains(#"<form method="post" action="\#(patron)/checkout""#))
            let byISBN = try await post(client, patron + "/checkout", token: token, "book=978-0-441-17271-9")
            #expect(byISBN.headers[.location] == patron + "?notice=checked-out")
            let out = try await page(client, patron, token: token)
            #expect(out.contains(#"<a href="/library/books/1">Dune</a> · since "#) && out.contains(#"action="\#(patron)/loans/1/renew""#), "\(out)")
            let again = try await post(client, patron + "/checkout", token: token, "book=1")
            #expect(again.status == .conflict && String(buffer: again.body).contains("Not checked out: book 1 is already checked out by Ann Smith."))
            let nothing = try await post(client, patron + "/checkout", token: token, "book=42")
            #expect(nothing.status == .badRequest && String(buffer: nothing.body).contains("there is no book 42"))
            #expect(try await post(client, patron + "/loans/1/renew", token: token, "").headers[.location] == patron + "?notice=renewed")
            #expect(try await post(client, patron + "/loans/1/checkin", token: token, "").headers[.location] == patron + "?notice=checked-in")
            let back = try await page(client, patron + "?notice=checked-in", token: token)
            #expect(back.contains("No books out.") && back.contains("Checked in."))
            // Deleted from their page, once nothing is out; refused, saying why, before.
            #expect(try await post(client, patron + "/checkout", token: token, "book=1").status == .seeOther)
            let refused = try await post(client, patron + "/delete", token: token, "")
            #expect(refused.status == .conflict && String(buffer: refused.body).contains("Not deleted: Ann Smith has 1 book out; check the books in"))
            _ = try await post(client, patron + "/loans/1/checkin", token: token, "")
            #expect(try await post(client, patron + "/delete", token: token, "").headers[.location] == "/library/patrons?notice=patron-deleted")
            #expect(try await client.execute(uri: patron, method: .get).status == .notFound)
        }
    }

    /// The library moves in and out from its pages: each table exported as the CLI writes it,
    /// and a file imported with what went in, what was there already, and each row left out.
    @Test func theLibraryIsExportedAndImportedFromItsPages() async throws {
        try await withPages { client in
            let token = try await token(client)
            let page = try await page(client, "/library/transfer", token: token)
            #expect(page.contains(#"<a href="/library/export/books.csv" id="export-books" download>"#) && page.contains(#"action="/library/import/patrons""#))
            let books = try await client.execute(uri: "/library/export/books.csv", method: .get)
            #expect(books.headers[.contentType]?.hasPrefix("text/csv") == true && String(buffer: books.body).contains("Dune"))
            let csv = "id,name,card,email,phone,notes,remindersOff\r\n1,Ann Smith,C-1,,,,false\r\n2,,C-2,,,,false\r\n"
            let body = MultipartBody(fields: [("csrf", token)], file: ("patrons.csv", csv))
            let imported = try await client.execute(uri: "/library/import/patrons", method: .post,
                                                    headers: [.contentType: MultipartBody.contentType, .cookie: "listor_csrf=\(token)"],
                                                    body: ByteBuffer(string: body.text))
            let report = String(buffer: imported.body)
            #expect(imported.status == .unprocessableContent, "a row was left out")
            #expect(report.contains("patrons.csv: imported 1 patron; the rows below were left out") && report.contains("Line 3: "), "\(report)")
            let patrons = try await client.execute(uri: "/library/export/patrons.csv", method: .get)
            #expect(String(buffer: patrons.body).contains("Ann Smith,C-1"))
            #expect(try await client.execute(uri: "/library/export/shelves.csv", method: .get).status == .notFound)
        }
    }

    @Test func addCheckOutCheckInAndTheHistory() async throws {
        try await withPages { client in
            let token = try await token(client)
            let form = try await page(client, "/library/books/new", token: token)
            #expect(form.contains(#"<input type="hidden" name="csrf" value="\#(token)">"#))

            let added = try await post(client, "/library/books", token: token, "title=Emma&author=Jane+Austen&categories=novel%2Cclassics")
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/library/books/2?notice=added")
            let detail = try await page(client, "/library/books/2?notice=added", token: token)
            #expect(detail.contains(#"<p class="notice" role="status" id="notice">Added.</p>"#))
            #expect(detail.contains(#"<dd>novel, classics</dd>"#))
            #expect(detail.contains("Available. Never checked out"))
            #expect(detail.contains(#"action="/library/books/2/checkout""#))

            let unknown = try await post(client, "/library/books/2/checkout", token: token, "borrower=Ann")
            #expect(unknown.status == .badRequest && String(buffer: unknown.body).contains("no patron has the card or the name “Ann”"), "a patron is made only when asked for")
            let out = try await post(client, "/library/books/2/checkout", token: token, "borrower=Ann&newPatron=on")
            #expect(out.headers[.location] == "/library/books/2?notice=checked-out")
            let onLoan = try await page(client, "/library/books/2", token: token)
            #expect(onLoan.contains("Checked out by Ann on "))
            #expect(onLoan.contains(#"<span id="due">Due "#))
            #expect(onLoan.contains(#"<button type="submit" id="check-in">Check in</button>"#))

            #expect(try await post(client, "/library/books/2/checkin", token: token, "").headers[.location] == "/library/books/2?notice=checked-in")
            let back = try await page(client, "/library/books/2", token: token)
            #expect(back.contains("Available. Last checked out by Ann on "))
            #expect(back.matches(of: /<li><a href="\/library\/borrowers\/Ann">Ann<\/a> · [^<]+ → [^<]+<\/li>/).count == 1)
            let borrower = try await page(client, "/library/borrowers/Ann", token: token)
            #expect(borrower.contains(#"<p class="summary" id="summary">1 loan, 0 still out</p>"#))
            #expect(borrower.contains(#"<a href="/library/books/2">Emma</a> · "#))
            #expect(try await client.execute(uri: "/library/borrowers/Nobody", method: .get).status == .notFound)
            #expect(!back.contains("still out"))

            let list = try await page(client, "/library?status=available&search=austen", token: token)
            #expect(list.contains(#"<p class="summary" id="summary">1 of 2 books</p>"#))
            #expect(list.contains(#"<option value="available" selected>"#) || list.contains(#"value="available" selected"#))
        }
    }

    @Test func badFormsComeBackWithTheProblemsBesideTheFieldsAndNothingSaved() async throws {
        try await withPages { client in
            let token = try await token(client)
            let bad = try await post(client, "/library/books", token: token, "title=+&author=%3Cb%3EX%3C%2Fb%3E&isbn=123")
            #expect(bad.status == .badRequest)
            let html = String(buffer: bad.body)
            #expect(html.contains(#"<p class="field-error" id="title-error">is required</p>"#))
            #expect(html.contains(#"<p class="field-error" id="isbn-error">&quot;123&quot; has 3 digits; an ISBN has 10 or 13</p>"#))
            #expect(html.contains(#"value="&lt;b&gt;X&lt;/b&gt;""#), "what was typed stays, escaped")
            let noName = try await post(client, "/library/books/1/checkout", token: token, "borrower=++")
            #expect(noName.status == .badRequest)
            #expect(String(buffer: noName.body).contains(#"<p class="field-error" id="borrower-error">is required: who is checking the book out?</p>"#))
            // A due date in the past is said under Due, not under the borrower, and both stay as typed.
            let past = String(buffer: try await post(client, "/library/books/1/checkout", token: token, "borrower=Ann&newPatron=on&due=2020-01-01").body)
            #expect(past.contains(#"<p class="field-error" id="due-error">The due date is not after the checkout</p>"#), "\(past)")
            #expect(!past.contains(#"id="borrower-error""#) && past.contains(#"id="due" name="due" value="2020-01-01" aria-invalid="true""#))
            #expect(try await page(client, "/library", token: token).contains("1 book"))
        }
    }

    /// A token is made, and its cookie set, by a page with a form that posts; the list has none.
    @Test func onlyPagesWithFormsSetTheTokenCookieAndTheyKeepIt() async throws {
        try await withPages { client in
            #expect(try await client.execute(uri: "/library", method: .get).headers[.setCookie] == nil)
            let detail = try await client.execute(uri: "/library/books/1", method: .get)
            let cookie = try #require(detail.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let token = try #require(cookie.split(separator: "=").last.map(String.init))
            #expect(String(buffer: detail.body).contains(#"name="csrf" value="\#(token)""#), "the page's forms carry the cookie's token")
            let again = try await client.execute(uri: "/library/books/1", method: .get, headers: [.cookie: cookie])
            #expect(again.headers[.setCookie] == nil, "a browser with a token keeps it")
            #expect(String(buffer: again.body).contains(#"name="csrf" value="\#(token)""#))
        }
    }

    @Test func aFormWithoutTheRightTokenIsRefused() async throws {
        try await withPages { client in
            let token = try await token(client)
            let forged = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                                  headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                                  body: ByteBuffer(string: "csrf=00000000000000000000000000000000&borrower=Mallory"))
            #expect(forged.status == .forbidden)
            let cookieless = try await client.execute(uri: "/library/books/1/checkout", method: .post,
                                                      headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "csrf=\(token)&borrower=Mallory"))
            #expect(cookieless.status == .forbidden)
            #expect(try await page(client, "/library/books/1", token: token).contains("Never checked out"))
        }
    }

    /// The patron's form sends "No reminders by email" only when ticked: unticked, reminders
    /// are on again; a field that is not the form's is refused by name.
    @Test func aPatronsReminderBoxIsKeptAsTickedOrNot() async throws {
        try await withPages { client in
            let token = try await token(client)
            let added = try await post(client, "/library/patrons", token: token, "name=Ann+Smith&card=C-1&remindersOff=on")
            #expect(added.status == .seeOther)
            let id = try #require(added.headers[.location]?.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            #expect(try await page(client, "/library/patrons/\(id)/edit", token: token).contains(#"name="remindersOff" value="on" checked"#))
            let saved = try await post(client, "/library/patrons/\(id)", token: token, "version=1&name=Ann+Smith&card=C-1")
            #expect(saved.status == .seeOther)
            let form = try await page(client, "/library/patrons/\(id)/edit", token: token)
            #expect(form.contains(#"name="remindersOff" value="on">"#) && form.contains(#"name="version" value="2""#))
            let odd = try await post(client, "/library/patrons/\(id)", token: token, "version=2&name=Ann&shoeSize=9")
            #expect(odd.status == .badRequest)
            #expect(String(buffer: odd.body).contains("shoeSize"))
        }
    }

    /// A patron's address and category on their form: a wrong category is refused beside its
    /// field with what was typed kept; a letter to a patron without an address says so, and
    /// one without the library's address says where it comes from.
    @Test func aPatronsAddressAndCategoryAreOnTheirFormAndTheirLetter() async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")],
                                         policy: CirculationPolicy(categories: [PatronCategory(name: "child", loanPeriod: .seconds(21 * 86_400), loanLimit: 5, renewalLimit: 1)]))
        let month = Date().addingTimeInterval(-30 * 86_400)
        _ = try await site.store.checkOut(id: 1, Checkout(borrower: "Kit", date: month, due: month.addingTimeInterval(14 * 86_400)), expectedVersion: nil)
        try await Application(router: try await site.router()).test(.router) { client in
            let token = try await token(client)
            let form = try await page(client, "/library/patrons/new", token: token)
            #expect(form.contains(#"<option value="child">child (21-day loans, 5 books at once, 1 renewal)</option>"#) && form.contains(#"<textarea id="address""#))
            let wrong = try await post(client, "/library/patrons", token: token, "name=Lu&category=teen&address=1+Elm+St%0D%0ALeeds")
            let html = String(buffer: wrong.body)
            #expect(wrong.status == .badRequest && html.contains(#"id="category-error">&quot;teen&quot; is not one of the library&#39;s categories: child"#), "\(html)")
            #expect(html.contains(">1 Elm St") && html.contains("Leeds</textarea>"), "what was typed is kept")
            let letter = try await page(client, "/library/patrons/1/letter", token: token)
            #expect(letter.contains(#"id="no-address">Kit has no postal address"#) && letter.contains(#"id="no-return-address""#))
            #expect(letter.contains(#"<p class="letter-to" id="recipient"><span>Kit</span></p>"#))
        }
        withExtendedLifetime(site) {}
    }

    @Test func aStaleEditKeepsWhatWasTypedAndSaysWhy() async throws {
        try await withPages { client in
            let token = try await token(client)
            #expect(try await page(client, "/library/books/1/edit", token: token).contains(#"<input type="hidden" name="version" value="1">"#))
            _ = try await post(client, "/library/books/1", token: token, "version=1&title=Dune&author=Frank+Herbert&publisher=Chilton")
            let stale = try await post(client, "/library/books/1", token: token, "version=1&title=Dune+Messiah&author=Frank+Herbert")
            #expect(stale.status == .preconditionFailed)
            let html = String(buffer: stale.body)
            #expect(html.contains("Someone changed this book while you were editing it."))
            #expect(html.contains(#"value="Dune Messiah""#))
            #expect(html.contains(#"<input type="hidden" name="version" value="2">"#))
        }
    }

    @Test func deletingAsksFirstAndNeedsTheAdminToken() async throws {
        try await withPages(adminToken: "s3cret") { client in
            let token = try await token(client)
            let confirm = try await page(client, "/library/books/1/delete", token: token)
            #expect(confirm.contains("Delete “Dune”?"))
            #expect(confirm.contains(#"id="admin_token""#))
            let wrong = try await post(client, "/library/books/1/delete", token: token, "admin_token=guess")
            #expect(wrong.status == .forbidden)
            let right = try await post(client, "/library/books/1/delete", token: token, "admin_token=s3cret")
            #expect(right.headers[.location] == "/library?notice=deleted")
            #expect(try await client.execute(uri: "/library/books/1", method: .get).status == .notFound)
        }
    }

    @Test func deletingABookThatChangedSinceThePageWasShownIsRefused() async throws {
        try await withPages { client in
            let token = try await token(client)
            // Given the delete page, shown at version 1, and an edit made meanwhile
            #expect(try await page(client, "/library/books/1/delete", token: token).contains(#"<input type="hidden" name="version" value="1">"#))
            _ = try await post(client, "/library/books/1", token: token, "version=1&title=Dune+(1965)&author=Frank+Herbert")
            // When the page's form is sent
            let stale = try await post(client, "/library/books/1/delete", token: token, "version=1")
            // Then nothing is deleted, and the page comes back with the new version and why
            #expect(stale.status == .preconditionFailed)
            let html = String(buffer: stale.body)
            #expect(html.contains("The book changed since this page was shown"))
            #expect(html.contains(#"<input type="hidden" name="version" value="2">"#))
            #expect(try await page(client, "/library/books/1", token: token).contains("Dune (1965)"))
            #expect(try await post(client, "/library/books/1/delete", token: token, "version=2").headers[.location] == "/library?notice=deleted")
        }
    }

    @Test func aCheckoutOfABookThatIsNotThereIsA404Page() async throws {
        try await withPages { client in
            let token = try await token(client)
            let response = try await post(client, "/library/books/999/checkout", token: token, "borrower=Ann")
            #expect(response.status == .notFound)
            #expect(String(buffer: response.body).contains("The library has no book 999."))
        }
    }
}
