-- One book by id through the API, any of them.
local books = tonumber(os.getenv("BOOKS") or "100000")
math.randomseed(os.time() + 2)
request = function()
  return wrk.format("GET", "/library/api/books/" .. math.random(books))
end
