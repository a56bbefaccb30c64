import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import Testing

/// `listor serve` as an operator runs it: a log a log system reads, and a readiness check.
@Suite struct ServeOperationsTests {
    @Test func theJSONLogIsOneObjectALineWithEachRequestsRouteStatusAndDuration() async throws {
        try await withServe(["--log-format", "json"]) { base, log in
            try await withLiveHTTPTransport { transport in
                let book = try await transport.get(try #require(URL(string: "/library/books/1", relativeTo: base)), HTTPLimits())
                #expect(book.status == 200)
            }
            let lines = log().split(separator: "\n")
            #expect(!lines.isEmpty)
            var objects: [[String: Any]] = []
            for line in lines {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object != nil, "not a JSON object: \(line)")
                if let object { objects.append(object) }
            }
            let request = try #require(objects.first { ($0["message"] as? String)?.hasPrefix("GET /library/books/1 200 ") == true }, "\(log())")
            #expect(request["level"] as? String == "info")
            #expect(request["route"] as? String == "/library/books/{id}")
            #expect(request["status"] as? Int == 200)
            #expect(request["duration_ms"] is Double || request["duration_ms"] is Int)
            #expect((request["hb.request.id"] as? String)?.isEmpty == false)
            let time = try #require(request["time"] as? String)
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
        }
    }

    @Test func anUnknownLogFormatIsRefusedNamingTheChoices() async {
        let format = await listor("serve", "--log-format", "xml")
        #expect(format.exitCode == 64)
        #expect(format.errorOutput.contains("--log-format") && format.errorOutput.contains("xml") && format.errorOutput.contains("json"), "\(format.errorOutput)")
    }

    @Test func readyOnceTheStoresAnswerAndThePollerRuns() async throws {
        try await withServe([]) { base, _ in
            try await withLiveHTTPTransport { transport in
                let url = try #require(URL(string: "/ready", relativeTo: base))
                // The poller starts beside the server, so the first answers may still be 503;
                // each try is a request, and the number of tries is bounded.
                var answer = try await transport.get(url, HTTPLimits())
                for _ in 0..<500 where answer.status != 200 {
                    #expect(answer.status == 503)
                    #expect(String(decoding: answer.body, as: UTF8.self).contains("ModbusApp: the poller"))
                    answer = try await transport.get(url, HTTPLimits())
                }
                #expect(answer.status == 200)
                #expect(String(decoding: answer.body, as: UTF8.self) == "ready\n")
            }
        }
    }
}
