import Foundation
import ListorKit
import Stella

/// What `stella/owner-order.mustache` shows: an order as its owner sees it — its lines, where
/// it goes, what happened to it — and, while open, the forms to send or cancel it.
struct OwnerOrderPage: Encodable {
    struct Mail: Encodable {
        let subject: String
        /// "sent 2026-11-29 13:09", "failed 2 times; tries again at …" (`MailStatus`).
        let state: String
    }

    struct Event: Encodable {
        let at: String
        let headline: String
        let by: String
    }

    let section = "orders"
    let csrf: String
    let number: String
    let state: String
    let placed: String
    let name: String
    let email: String
    let address: String
    let lines: [OrderLineRow]
    let total: String
    let history: [Event]
    let mail: [Mail]
    let hasMail: Bool
    let sendsMail: Bool
    let isOpen: Bool
    let key: String
    let tracking: String
    let notice: String?
    let problem: String?

    init(_ order: Order, mail: [QueuedMail], sendsMail: Bool, csrf: String, timeZone: TimeZone, tracking: String? = nil, notice: String? = nil,
         problem: String? = nil) {
        self.csrf = csrf
        number = order.number
        state = order.state.rawValue
        placed = DateText.dateTime(order.placed, timeZone: timeZone, seconds: false)
        name = order.name
        email = order.email
        address = order.address
        lines = order.lines.map(OrderLineRow.init)
        total = order.total.formatted
        history = [Event(at: placed, headline: "Placed", by: order.name)]
            + order.history.map { Event(at: DateText.dateTime($0.at, timeZone: timeZone, seconds: false), headline: $0.headline, by: $0.by) }
        self.mail = mail.map { message in
            let state = message.state == .queued && !sendsMail ? "not sent: this server has no mail server"
                : MailStatus.of(message.state, attempts: message.attempts, nextAttempt: message.nextAttempt, ended: message.ended,
                                lastError: message.lastError, timeZone: timeZone).text
            return Mail(subject: message.mail.subject, state: state)
        }
        hasMail = !mail.isEmpty
        self.sendsMail = sendsMail
        isOpen = order.state == .open
        key = order.key
        self.tracking = tracking ?? ""
        self.notice = notice
        self.problem = problem
    }
}
