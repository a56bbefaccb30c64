/// A client stopped reading its event stream: a write did not go out within the stream's write timeout.
struct StreamStalled: Error {}
