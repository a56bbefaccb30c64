-- The list turned to any page, sometimes filtered by status.
local pages = tonumber(os.getenv("LIST_PAGES") or "2000")
math.randomseed(os.time() + 1)
request = function()
  local choice = math.random(10)
  if choice == 1 then return wrk.format("GET", "/library?status=on-loan&page=" .. math.random(100)) end
  if choice == 2 then return wrk.format("GET", "/library?status=overdue&page=" .. math.random(34)) end
  if choice == 3 then return wrk.format("GET", "/library?status=available&page=" .. math.random(pages)) end
  return wrk.format("GET", "/library?page=" .. math.random(pages))
end
