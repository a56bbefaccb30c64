import ListorSQL
import PostgresNIO
import Testing

/// `--library-db` URLs: what they may say, and a clear refusal, without the password, for anything else.
@Suite struct PostgresURLTests {
    @Test func aURLGivesTheServerTheDatabaseAndThePool() throws {
        let url = try PostgresURL("postgres://listor:s3cret@db.example:6432/library?sslmode=require&pool_max_conns=4")
        #expect((url.host, url.port, url.user, url.password, url.database) == ("db.example", 6432, "listor", "s3cret", "library"))
        #expect(url.requiresTLS)
        #expect(url.maximumConnections == 4)
        #expect(url.clientConfiguration.options.maximumConnections == 4)
        #expect(url.description == "postgres://listor:…@db.example:6432/library?sslmode=require&pool_max_conns=4")

        let plain = try PostgresURL("postgresql://listor@localhost/library")
        #expect((plain.port, plain.requiresTLS, plain.maximumConnections) == (5432, false, PostgresURL.defaultMaximumConnections))
    }

    @Test(arguments: [
        ("postgres://listor:s3cret@db/library?sslmod=require", "postgres://listor:…@db/library?sslmod=require: the parameter sslmod is not one of sslmode, pool_max_conns"),
        ("postgres://listor@db/library?sslmode=prefer", "postgres://listor@db/library?sslmode=prefer: sslmode prefer is not disable or require"),
        ("postgres://listor@db/library?pool_max_conns=0", "postgres://listor@db/library?pool_max_conns=0: pool_max_conns \"0\" is not a whole number from 1 to 1000"),
        ("postgres://listor@db/library?pool_max_conns=many", "postgres://listor@db/library?pool_max_conns=many: pool_max_conns \"many\" is not a whole number from 1 to 1000"),
        ("postgres://listor@db/library?pool_max_conns", "postgres://listor@db/library?pool_max_conns: pool_max_conns \"\" is not a whole number from 1 to 1000"),
        ("mysql://listor@db/library", "mysql://listor@db/library: it is not a postgres:// URL"),
    ])
    func aBadURLIsRefusedWithWhatIsWrong(_ text: String, _ message: String) {
        #expect(throws: PostgresURLError.self) { try PostgresURL(text) }
        do {
            _ = try PostgresURL(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
